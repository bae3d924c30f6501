import { afterEach, beforeEach, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SmsOutboxEntry, SmsSceneValue, TokenPair, UserInfo } from '@cloudphone/contracts/auth';
import { SmsScene } from '@cloudphone/contracts/auth';
import { DEMO_USER } from '../../src/seed/demo';
import type { Clock } from '../../src/services/clock';
import { buildTestApp, type OpenDatabase, type TestAppOptions } from './databases';
import { codeOf, dataOf, tenantHeaders } from './requests';

export const AUTH = '/api/merchant/auth';
export const USER = '/api/merchant/user';
export const MINUTE = 60_000;
export const DAY = 86_400_000;
export { DEMO_USER };

/** A clock the test moves by hand: `clock.advance(31 * DAY)`. */
export class TestClock implements Clock {
  constructor(public t: number = Date.now()) {}
  readonly now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface CallOptions {
  token?: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** A client of one tenant calling the accounts API the way the web app does (tenant headers, bearer token). */
export class AccountsClient {
  constructor(
    readonly app: FastifyInstance,
    readonly headers: Record<string, string>,
  ) {}

  static async of(app: FastifyInstance, clientNo = 'demo'): Promise<AccountsClient> {
    return new AccountsClient(app, await tenantHeaders(app, clientNo));
  }

  call(method: Method, url: string, { token, payload, headers }: CallOptions = {}): Promise<LightMyRequestResponse> {
    const authorization: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return this.app.inject({ method, url, payload, headers: { ...this.headers, ...authorization, ...headers } });
  }

  login(mobile: string, password: string, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.call('POST', `${AUTH}/login`, { payload: { mobile, password }, headers });
  }

  /** Logs in (the demo user by default) and returns the token pair. */
  async loginOk(
    mobile = DEMO_USER.mobile,
    password = DEMO_USER.password,
    headers?: Record<string, string>,
  ): Promise<TokenPair> {
    return dataOf<TokenPair>(await this.login(mobile, password, headers));
  }

  sendCode(mobile: string, scene: SmsSceneValue): Promise<LightMyRequestResponse> {
    return this.call('POST', `${AUTH}/send-sms-code`, { payload: { mobile, scene } });
  }

  sendOwnCode(token: string, scene: SmsSceneValue): Promise<LightMyRequestResponse> {
    return this.call('POST', `${AUTH}/send-sms-code-logging`, { token, payload: { scene } });
  }

  /** The newest code the dev outbox holds for the number and scene. */
  async outboxCode(mobile: string, scene: SmsSceneValue): Promise<string> {
    const entries = dataOf<SmsOutboxEntry[]>(await this.app.inject({ url: `/api/dev/sms-outbox?mobile=${mobile}` }));
    const entry = entries.find((e) => e.scene === scene);
    if (!entry) throw new Error(`no scene-${scene} code in the outbox of ${mobile}`);
    return entry.code;
  }

  /** Sends a code through the public route and reads it from the outbox. */
  async freshCode(mobile: string, scene: SmsSceneValue): Promise<string> {
    expect(codeOf(await this.sendCode(mobile, scene))).toBe(0);
    return this.outboxCode(mobile, scene);
  }

  /** Sends a code to the signed-in user's own number and reads it from the outbox. */
  async freshOwnCode(token: string, mobile: string, scene: SmsSceneValue): Promise<string> {
    expect(codeOf(await this.sendOwnCode(token, scene))).toBe(0);
    return this.outboxCode(mobile, scene);
  }

  smsLogin(mobile: string, code: string, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.call('POST', `${AUTH}/sms-login`, { payload: { mobile, code }, headers });
  }

  /** Logs in by SMS, registering the number when it is unknown. */
  async smsLoginOk(mobile: string, headers?: Record<string, string>): Promise<TokenPair> {
    const code = await this.freshCode(mobile, SmsScene.login);
    return dataOf<TokenPair>(await this.smsLogin(mobile, code, headers));
  }

  profile(token: string | undefined, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.call('GET', `${USER}/get`, { token, headers });
  }

  async profileOk(token: string): Promise<UserInfo> {
    return dataOf<UserInfo>(await this.profile(token));
  }

  /** What user/get answers for a token: 0 while it works, 401 expired or forged, 400 session ended. */
  async tokenState(token: string | undefined): Promise<number> {
    return codeOf(await this.profile(token));
  }

  refresh(refreshToken: string): Promise<LightMyRequestResponse> {
    return this.call('POST', `${AUTH}/refresh-token`, { payload: { refreshToken } });
  }
}

export interface AccountsContext {
  app: FastifyInstance;
  clock: TestClock;
  /** A client of `demo` (tenant 1). */
  api: AccountsClient;
}

/**
 * Registers a fresh app (seeded, with a TestClock and `options`) before each test and closes it after;
 * the returned object holds the current test's app, clock and client.
 */
export function useAccountsApp(open: OpenDatabase, options: TestAppOptions = {}): AccountsContext {
  const context = {} as AccountsContext;
  beforeEach(async () => {
    context.clock = new TestClock();
    context.app = await buildTestApp(await open(), { clock: context.clock, ...options });
    context.api = await AccountsClient.of(context.app);
  });
  afterEach(async () => {
    await context.app.close();
  });
  return context;
}
