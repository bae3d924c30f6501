import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceHost, deviceHostPlugin } from '@cloudphone/device-host';
import { ORDER_PAY_TIMEOUT_MINUTES, type Order, type Product } from '@cloudphone/contracts/commerce';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { ERRORS } from '@cloudphone/contracts/errors';
import { LIVE_EVENT_CHANNELS_PER_ACCOUNT } from '@cloudphone/contracts/limits';
import { EVENTS_PATH, type LiveEvent } from '@cloudphone/contracts/live-events';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { buildApp } from '../src/app';
import type { RedisLink } from '../src/cluster';
import { HostApiClient } from '../src/providers/device-hosts/host-api-client';
import { randomKeys } from '../src/security/keys';
import { AccountsClient, AUTH, TestClock } from './helpers/accounts';
import {
  buildTestApp,
  postgresReachable,
  sharedPostgresDatabase,
  TEST_PG_URL,
  whileSchemasStay,
} from './helpers/databases';
import { OTHER_MOBILE, PHONE } from './helpers/phones';
import { redisReachable, TEST_REDIS_URL, testRedisPrefix } from './helpers/redis';
import { codeOf, dataOf } from './helpers/requests';
import { StandaloneHost } from './helpers/standalone-hosts';
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
    await node.services.deviceHosts.attach(HostApiClient.overHttp('remote-1', hostUrl, keys.hostKey));
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
    await node1.services.deviceHosts.attach(HostApiClient.overHttp('remote-1', hostUrl, keys.hostKey));
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
    await node1.services.deviceHosts.attach(HostApiClient.overHttp('remote-2', 'http://127.0.0.1:9', keys.hostKey));
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

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const DELIVERING_NODE = fileURLToPath(new URL('./fixtures/delivering-node.ts', import.meta.url));
const tsx = join(repoRoot, 'node_modules/.bin/tsx');

/**
 * Issue 49: two API nodes on one PostgreSQL and one Redis, as `npm start` with EMBEDDED_HOST=false
 * runs them, and two standalone hosts that joined with the operator's tokens — each host in a
 * process of its own, on the real clock, as an operator runs them.
 */
describe.skipIf(!reachable)('several API nodes as an operator runs them', () => {
  const openShared = sharedPostgresDatabase();
  const redis = { url: TEST_REDIS_URL, prefix: testRedisPrefix() };
  const keys = randomKeys();
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-nodes-'));
  let nodeA: FastifyInstance;
  let nodeB: FastifyInstance;
  let urlA: string;
  let api: AccountsClient;
  let owner: { userId: number; token: string };
  let databaseUrl: string;
  const hosts = {} as Record<'east' | 'west', StandaloneHost>;

  const registry = async () => new Map((await nodeA.services.hostRegistry.list()).map((h) => [h.name, h]));
  const hostNameOf = async (userPhoneId: number) => {
    const hostId = (await nodeA.repos.userPhones.findById(userPhoneId))!.deviceHostId;
    return [...(await registry()).values()].find((h) => h.id === hostId)?.name;
  };
  /** `npm run admin -- …` beside the nodes: their database, Redis and keys, no host of its own. */
  const admin = async (...args: string[]) => {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      EMBEDDED_HOST: 'false',
      SERVER_URL: urlA,
      LOG_LEVEL: 'silent',
    };
    const run = () => promisify(execFile)(tsx, ['apps/server/src/cli/main.ts', ...args], { cwd: repoRoot, env });
    const { stdout } = await whileSchemasStay(run);
    return stdout;
  };

  beforeAll(async () => {
    nodeA = await buildTestApp(await openShared(), { keys, redis });
    nodeB = await buildApp({ db: await openShared(), keys, redis, logLevel: process.env.TEST_LOG_LEVEL });
    urlA = await nodeA.listen({ port: 0, host: '127.0.0.1' });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    await Promise.all([nodeA.jobs.start(), nodeB.jobs.start()]);
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(nodeA.db)).rows[0]!.schema;
    databaseUrl = `${TEST_PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    writeFileSync(join(dataDir, 'keys.json'), JSON.stringify(keys));
    for (const name of ['east', 'west'] as const) {
      hosts[name] = await StandaloneHost.create(name, { CONTROL_PLANE_URL: urlA, HOST_CAPACITY: '10' });
      hosts[name].start((await nodeA.services.hostRegistry.issueToken(name)).token);
    }
    await until(async () => [...(await registry()).values()].filter((h) => h.online).length === 2, 30_000);
    api = await AccountsClient.of(nodeA);
    const { accessToken, userId } = await api.loginOk();
    owner = { userId, token: accessToken };
  }, 60_000);

  afterAll(async () => {
    await Promise.all(Object.values(hosts).map((host) => host.remove()));
    await Promise.all([nodeA, nodeB].map((node) => node?.close()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('places a phone from the admin CLI on the less-loaded joined host, where it comes online', async () => {
    const [first] = await nodeA.services.userPhones.give(1, owner.userId, 1, 30);
    const busier = await hostNameOf(first!.id);
    const printed = await admin('phone:give', '--client-no', 'demo', '--mobile', '13800000000');
    const given = Number(printed.split('\t')[0]);
    expect(await hostNameOf(given)).toBe(busier === 'east' ? 'west' : 'east');
    const status = async () =>
      dataOf<{ list: { userPhoneId: number; status: string }[] }>(
        await api.call('GET', `${PHONE}/list?pageSize=100`, { token: owner.token }),
      ).list.find((p) => p.userPhoneId === given)?.status;
    await until(async () => (await status()) === 'online', 15_000);
    // Only the hosts that run: the CLI registered no host of its own.
    const listed = (await admin('host:list')).trim().split('\n');
    const states = listed.map((line) =>
      line
        .split('\t')
        .slice(0, 2)
        .join(' ')
        .replace(/ \(seen \d+ s ago\)/, ''),
    );
    expect(states.sort()).toEqual(['east online', 'west online']);
  });

  it('closes a grantee’s stream on a healthy host within 2 s, while a dead node held a delivery to a slow host', async () => {
    // A host that takes calls and never answers, with an end of access waiting for it.
    let called!: () => void;
    const slowCalled = new Promise<void>((resolveCalled) => (called = resolveCalled));
    const slow: Server = createServer(() => called());
    await new Promise<void>((resolveListening) => slow.listen(0, '127.0.0.1', resolveListening));
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const slowHost = await nodeA.repos.deviceHosts.register('slow', slowUrl, null, Date.now());
    // Every node drives it, as every node drives every host; no new phone goes to it.
    for (const node of [nodeA, nodeB])
      await node.services.deviceHosts.attach(HostApiClient.overHttp('slow', slowUrl, keys.hostKey), {
        asRegistered: true,
      });
    await nodeA.services.hostRegistry.drain('slow', true);
    await nodeA.repos.hostOutbox.add({
      kind: 'revoke',
      userPhoneId: 0,
      deviceHostId: slowHost.id,
      instanceNo: 'cp-slow',
      userId: null,
      reason: '',
      at: Date.now(),
    });
    const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix };
    const node = spawn(process.execPath, ['--import', 'tsx', DELIVERING_NODE], {
      env: { ...env, KEYS: JSON.stringify(keys), SLOW_URL: slowUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await Promise.race([
        slowCalled,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the node never called the slow host')), 20_000)),
      ]);
      node.kill('SIGKILL');

      const [phone] = await nodeA.services.userPhones.give(1, owner.userId, 1, 30);
      const grantee = await api.smsLoginOk(OTHER_MOBILE);
      const { grantId } = dataOf<{ grantId: number }>(
        await api.call('POST', '/api/device/grant/create', {
          token: owner.token,
          payload: { userPhoneId: phone!.id, account: OTHER_MOBILE, days: 7, permission: 'control' },
        }),
      );
      const onB = new AccountsClient(nodeB, api.headers);
      const secure = await onB.call('POST', `${PHONE}/security-token?userPhoneId=${phone!.id}`, {
        token: grantee.accessToken,
      });
      const viewer = new StreamViewer(dataOf<SecurityToken>(secure).streamUrl);
      await viewer.until(() => viewer.messages.length > 0, 15_000);

      const takenBack = Date.now();
      const revoked = await onB.call('PUT', '/api/device/grant/revoke', { token: owner.token, payload: { grantId } });
      expect(codeOf(revoked)).toBe(0);
      await viewer.until(() => viewer.closeCode !== undefined, 2_000 - (Date.now() - takenBack));
      expect(viewer.messages).toContainEqual({ type: 'closed', reason: 'revoked' });
    } finally {
      node.kill('SIGKILL');
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('tells a host going offline once to its owner, and stays ready for logins with every host down', async () => {
    const told: LiveEvent[] = [];
    // Node A hears what either node publishes for the owner.
    const stop = nodeA.services.events.subscribe(owner.userId, (event) => told.push(event));
    const westId = (await registry()).get('west')!.id;
    const westPhones = (await nodeA.repos.userPhones.listOfUser(1, owner.userId))
      .filter((p) => p.deviceHostId === westId)
      .map((p) => p.id);
    expect(westPhones.length).toBeGreaterThan(0);

    await hosts.west.kill();
    await until(async () => (await registry()).get('west')?.online === false, 10_000);
    // Both nodes' watches have seen it (each looks every second).
    await new Promise((resolveLater) => setTimeout(resolveLater, 2_500));
    const aboutWest = told.filter(
      (e) => e.type === 'phones' && e.change === 'host' && e.userPhoneIds.some((id) => westPhones.includes(id)),
    );
    expect(aboutWest).toHaveLength(1);
    stop();

    await hosts.east.kill();
    await until(async () => (await registry()).get('east')?.online === false, 10_000);
    for (const node of [nodeA, nodeB]) {
      const ready = await node.inject({ url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ready: true, checks: { hosts: { ok: false, advisory: true } } });
    }
    expect((await new AccountsClient(nodeB, api.headers).loginOk()).accessToken).toBeTruthy();
  });
});
