import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceHost, deviceHostPlugin } from '@cloudphone/device-host';
import { ORDER_PAY_TIMEOUT_MINUTES, type Order, type Product } from '@cloudphone/contracts/commerce';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { ERRORS } from '@cloudphone/contracts/errors';
import { LIVE_EVENT_CHANNELS_PER_ACCOUNT } from '@cloudphone/contracts/limits';
import { EVENTS_PATH } from '@cloudphone/contracts/live-events';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { buildApp } from '../src/app';
import type { RedisLink } from '../src/cluster/index';
import { HttpHostClient } from '../src/providers/device-hosts/http-host.client';
import { randomKeys } from '../src/security/keys';
import { AccountsClient, AUTH, TestClock } from './helpers/accounts';
import { buildTestApp, postgresReachable, sharedPostgresDatabase, TEST_PG_URL } from './helpers/databases';
import { OTHER_MOBILE, PHONE } from './helpers/phones';
import { redisReachable, TEST_REDIS_URL, testRedisPrefix } from './helpers/redis';
import { codeOf, dataOf } from './helpers/requests';
import { StreamViewer } from './helpers/streams';

const reachable = postgresReachable && redisReachable;
if (!reachable) {
  const missing = [
    !postgresReachable && `PostgreSQL at ${TEST_PG_URL}`,
    !redisReachable && `Redis at ${TEST_REDIS_URL}`,
  ];
  console.log(`${missing.filter(Boolean).join(' and ')} not reachable: skipping the multi-node test`);
}

const JOB_NODE = fileURLToPath(new URL('./fixtures/job-node.ts', import.meta.url));
const ORDER_TIMEOUTS_JOB = 'orders.timeouts';
/** As jobs/index.ts schedules it. */
const ORDER_TIMEOUTS_EVERY_MS = 15_000;
/** A dead node's run is taken up about twice this later. */
const JOB_LOCK_MS = 1_000;

const until = async (predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Where each node listens. */
const origins = new Map<FastifyInstance, string>();

/** A browser's live channel (`GET /api/events`) on one node: what it has read so far. */
async function openChannel(node: FastifyInstance, headers: Record<string, string>, token: string) {
  const controller = new AbortController();
  const reply = await fetch(`${origins.get(node)}${EVENTS_PATH}`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const channel = { text: '', refused: false, ended: false, close: () => controller.abort() };
  if (!reply.headers.get('content-type')?.startsWith('text/event-stream')) {
    const { code } = (await reply.json()) as { code: number };
    expect(code).toBe(ResponseCode.TOO_FREQUENT);
    channel.refused = true;
    return channel;
  }
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of reply.body! as unknown as AsyncIterable<Uint8Array>)
      channel.text += decoder.decode(chunk, { stream: true });
  })()
    .catch(() => undefined)
    .finally(() => (channel.ended = true));
  await until(() => channel.text.includes(': connected'));
  return channel;
}

describe.skipIf(!reachable)('two API nodes on one PostgreSQL database and Redis, and one device host', () => {
  const openShared = sharedPostgresDatabase();
  const redis: RedisLink = { url: TEST_REDIS_URL, prefix: testRedisPrefix(), jobLockMs: JOB_LOCK_MS };
  const keys = randomKeys();
  const clock = new TestClock();
  let hostApp: FastifyInstance;
  let hostUrl: string;
  let node1: FastifyInstance;
  let node2: FastifyInstance;
  let api: AccountsClient;
  let owner: { userId: number; token: string };

  /** Another API node on the shared database; it migrates nothing new and seeds nothing. */
  const anotherNode = async (link: RedisLink) => {
    const node = await buildApp({
      db: await openShared(),
      keys,
      clock,
      redis: link,
      logLevel: process.env.TEST_LOG_LEVEL,
    });
    await node.services.deviceHosts.attach(new HttpHostClient('remote-1', hostUrl, keys.hostKey));
    return node;
  };
  /** An order of the demo user left unpaid past its time. */
  const unpaidOrder = async () => {
    await signIn();
    const [product] = dataOf<Product[]>(await api.call('GET', '/api/trade/product/list?usage=buy', owner));
    const pkg = product!.packages.find((p) => !p.trial)!;
    const order = dataOf<Order>(
      await api.call('POST', '/api/trade/order/create', {
        token: owner.token,
        payload: {
          skuType: 'buy',
          gradeId: product!.gradeId,
          packageId: pkg.packageId,
          deviceCount: 1,
          couponId: null,
        },
      }),
    );
    clock.advance(ORDER_PAY_TIMEOUT_MINUTES * 60_000 + 1);
    return order.orderNo;
  };
  /** Signs the demo user in again: the clock moved past orders' times to pay, and access tokens age with it. */
  const signIn = async () => {
    const { accessToken, userId } = await api.loginOk();
    owner = { userId, token: accessToken };
  };
  const statusOf = async (orderNo: string) => (await node1.repos.orders.findByNo(orderNo))?.status;

  beforeAll(async () => {
    // On the machine's clock: the host refuses host-API calls signed at another time than its own.
    const host = new DeviceHost({ dataDir: ':memory:', hostKey: keys.hostKey });
    hostApp = Fastify({ forceCloseConnections: true });
    await hostApp.register(deviceHostPlugin, { host });
    hostUrl = await hostApp.listen({ port: 0, host: '127.0.0.1' });
    // The shared database is migrated and seeded once, by node 1.
    node1 = await buildTestApp(await openShared(), { keys, clock, redis });
    await node1.services.deviceHosts.attach(new HttpHostClient('remote-1', hostUrl, keys.hostKey));
    node2 = await anotherNode(redis);
    for (const node of [node1, node2]) origins.set(node, await node.listen({ port: 0, host: '127.0.0.1' }));
    api = await AccountsClient.of(node1);
    await signIn();
  });

  afterAll(async () => {
    await Promise.all([node1, node2].map((node) => node?.close()));
    await hostApp?.close();
  });

  it('finishes on another node the job a node was killed in the middle of', async () => {
    const orderNo = await unpaidOrder();
    // A cluster of its own, so nodes 1 and 2 take none of its runs.
    const link = { ...redis, prefix: `${redis.prefix}-death` };
    const dying = spawn(process.execPath, ['--import', 'tsx', JOB_NODE], {
      env: {
        ...process.env,
        REDIS_URL: link.url,
        REDIS_PREFIX: link.prefix,
        JOB: ORDER_TIMEOUTS_JOB,
        EVERY_MS: String(ORDER_TIMEOUTS_EVERY_MS),
        JOB_LOCK_MS: String(JOB_LOCK_MS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    dying.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await until(() => said.includes(`running ${ORDER_TIMEOUTS_JOB}`), 15_000);
    dying.kill('SIGKILL');

    const survivor = await anotherNode(link);
    try {
      await survivor.jobs.start();
      await until(async () => (await statusOf(orderNo)) === 'payment_closed', 10_000);
    } finally {
      await survivor.close();
    }
  });

  it('runs an order timeout exactly once, on one of the two nodes', async () => {
    const orderNo = await unpaidOrder();
    const runs = [node1, node2].map((node) => vi.spyOn(node.services.orders, 'closeUnpaid'));
    await Promise.all([node1.jobs.start(), node2.jobs.start()]);
    await until(async () => (await statusOf(orderNo)) === 'payment_closed');
    // Long enough for a second run to show; the next one is due a schedule later.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(runs.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(1);
  });

  it('refuses on node 2 right after node 1 takes a grant back, and closes the stream opened through node 2', async () => {
    await signIn();
    const other = await api.smsLoginOk(OTHER_MOBILE);
    const grantee = { token: other.accessToken };
    const [phone] = await node1.services.userPhones.give(1, owner.userId, 1, 30);
    const { grantId } = dataOf<{ grantId: number }>(
      await api.call('POST', '/api/device/grant/create', {
        token: owner.token,
        payload: { userPhoneId: phone!.id, account: OTHER_MOBILE, days: 7, permission: 'control' },
      }),
    );
    const onNode2 = new AccountsClient(node2, api.headers);
    const tokenOnNode2 = () =>
      onNode2.call('POST', `${PHONE}/security-token?userPhoneId=${phone!.id}`, { token: grantee.token });
    const viewer = new StreamViewer(dataOf<SecurityToken>(await tokenOnNode2()).streamUrl);
    await viewer.until(() => viewer.messages.length > 0);
    const channel = await openChannel(node2, api.headers, grantee.token);

    clock.advance(1); // access ends after the key was issued
    const takenBack = Date.now();
    expect(
      codeOf(await api.call('PUT', '/api/device/grant/revoke', { token: owner.token, payload: { grantId } })),
    ).toBe(0);
    expect(codeOf(await tokenOnNode2())).toBe(ERRORS.phoneNotFound.code);
    await viewer.until(() => viewer.closeCode !== undefined, 1_000 - (Date.now() - takenBack));
    expect(viewer.messages).toContainEqual({ type: 'closed', reason: 'revoked' });
    // Published on node 1, heard by the grantee's browser on node 2.
    await until(() => channel.text.includes('"type":"phones"'), 1_000);
    expect(channel.text).toContain(`"change":"grant","userPhoneIds":[${phone!.id}]`);
    channel.close();
  });

  it('tells node 2 that the list of hosts changed on node 1, so its security headers are computed again', async () => {
    const before = node2.services.deviceHosts.listVersion;
    // A host that answers nothing: only the list matters here.
    await node1.services.deviceHosts.attach(new HttpHostClient('remote-2', 'http://127.0.0.1:9', keys.hostKey));
    await until(() => node2.services.deviceHosts.listVersion > before, 1_000);
  });

  it('counts an account’s live channels on both nodes together', async () => {
    await signIn();
    const half = LIVE_EVENT_CHANNELS_PER_ACCOUNT / 2;
    const channels = [];
    for (const node of [node1, node2])
      for (let i = 0; i < half; i++) channels.push(await openChannel(node, api.headers, owner.token));
    expect(channels.some((c) => c.refused)).toBe(false);
    expect((await openChannel(node1, api.headers, owner.token)).refused).toBe(true);
    expect((await openChannel(node2, api.headers, owner.token)).refused).toBe(true);
    channels[0]!.close();
    await until(async () => {
      const again = await openChannel(node2, api.headers, owner.token);
      again.close();
      return !again.refused;
    }, 2_000);
    for (const channel of channels) channel.close();
  });

  it('closes on node 2, within a second, the live channel of a session that logged out on node 1', async () => {
    const session = await api.loginOk();
    const channel = await openChannel(node2, api.headers, session.accessToken);
    const kept = await openChannel(node2, api.headers, (await api.loginOk()).accessToken);
    expect(codeOf(await api.call('POST', `${AUTH}/logout`, { token: session.accessToken }))).toBe(0);
    await until(() => channel.ended, 1_000);
    expect(kept.ended).toBe(false);
    kept.close();
  });
});
