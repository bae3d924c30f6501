import { afterEach, beforeEach } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DeviceHost, type DeviceHostOptions } from '@cloudphone/device-host';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { randomKeys } from '../../src/security/keys';
import { AccountsClient, DEMO_USER, TestClock } from './accounts';
import { buildTestApp, type OpenDatabase, type TestAppOptions } from './databases';
import { dataOf } from './requests';

export const PHONE = '/api/device/user/phone';
export const GROUP = '/api/device/phone-group';
/** A second user of the same tenant, registered by SMS: their phones and groups must stay out of reach. */
export const OTHER_MOBILE = '13711112222';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface PhoneUser {
  tenantId: number;
  userId: number;
  token: string;
}

export interface PhoneContext {
  app: FastifyInstance;
  clock: TestClock;
  /** The embedded device host; it shares the app's clock. */
  host: DeviceHost;
  api: AccountsClient;
  /** The demo user (tenant 1), seeded with 3 phones for 30 days and 1 trial phone for 1 day. */
  me: PhoneUser;
  /** Another user of the same tenant, with no phones until a test gives some. */
  other: PhoneUser;
  /** Moves the shared clock by `ms` and signs both users in again, as access tokens expire within a day. */
  travel(ms: number): Promise<void>;
  call(
    method: Method,
    url: string,
    options?: { token?: string; payload?: object; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

/**
 * Registers a fresh app with an embedded device host before each test, both on one TestClock, and
 * signs in the demo user and another user of the same tenant.
 */
export function usePhoneApp(
  open: OpenDatabase,
  /** More app options for each test's app, e.g. its own job runner. */
  appOptions: () => Omit<TestAppOptions, 'clock' | 'keys' | 'deviceHost'> = () => ({}),
  /** More of the host's options, e.g. its driver (a host of Android devices, issue 60). */
  hostOptions: () => Partial<DeviceHostOptions> = () => ({}),
): PhoneContext {
  const t = {} as PhoneContext;
  beforeEach(async () => {
    t.clock = new TestClock();
    const keys = randomKeys();
    t.host = new DeviceHost({ dataDir: ':memory:', hostKey: keys.hostKey, clock: t.clock, ...hostOptions() });
    await t.host.ready();
    t.app = await buildTestApp(await open(), { ...appOptions(), clock: t.clock, keys, deviceHost: t.host });
    t.api = await AccountsClient.of(t.app);
    const tenantId = Number(t.api.headers['tenant-id']);
    const userIdOf = async (mobile: string) => {
      const user = await t.app.repos.users.findByMobile(tenantId, mobile);
      if (!user) throw new Error(`no user ${mobile}`);
      return user.id;
    };
    t.me = { tenantId, userId: await userIdOf(DEMO_USER.mobile), token: (await t.api.loginOk()).accessToken };
    const otherToken = (await t.api.smsLoginOk(OTHER_MOBILE)).accessToken;
    t.other = { tenantId, userId: await userIdOf(OTHER_MOBILE), token: otherToken };
    t.travel = async (ms) => {
      t.clock.advance(ms);
      t.me.token = (await t.api.loginOk()).accessToken;
      t.other.token = (await t.api.smsLoginOk(OTHER_MOBILE)).accessToken;
    };
    t.call = (method, url, { token = t.me.token, payload, headers } = {}) =>
      t.app.inject({
        method,
        url,
        payload,
        headers: { ...t.api.headers, authorization: `Bearer ${token}`, ...headers },
      });
  });
  afterEach(async () => {
    await t.app.close();
  });
  return t;
}

/** The whole phone list of a user (up to 100), or the page a query string asks for. */
export async function listPhones(
  t: PhoneContext,
  query = '',
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<{ list: UserPhone[]; total: number }> {
  return dataOf(await t.call('GET', `${PHONE}/list${query ? `?${query}` : ''}`, options));
}

/** Gives `user` phones through the service, as an order would. */
export async function givePhones(t: PhoneContext, user: PhoneUser, count: number, days: number, trial = false) {
  return t.app.services.userPhones.give(user.tenantId, user.userId, count, days, { trial });
}

/** The host's instance number of a user phone. */
export async function instanceOf(t: PhoneContext, userPhoneId: number): Promise<string> {
  const phone = await t.app.repos.userPhones.findById(userPhoneId);
  if (!phone) throw new Error(`no user phone ${userPhoneId}`);
  return phone.instanceNo;
}

/** The ids of the demo user's phones, in the order they were given. */
export async function myPhoneIds(t: PhoneContext): Promise<number[]> {
  return (await t.app.repos.userPhones.listOfUser(t.me.tenantId, t.me.userId)).map((p) => p.id).sort((a, b) => a - b);
}

/**
 * The task model's sweep, as if every open task had gone quiet: hosts are asked where their tasks
 * stand, and those they lost are started again (the test's clock runs ahead of the hosts' timers,
 * which tell a task's end only when asked).
 */
export function askAfterTasks(t: Pick<PhoneContext, 'app' | 'clock'>): Promise<number> {
  return t.app.services.hostTasks.recover(undefined, t.clock.now());
}
