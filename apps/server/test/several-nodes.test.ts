import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@cloudphone/contracts/live-events';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { buildApp } from '../src/app';
import { HttpHostClient } from '../src/providers/device-hosts/http-host.client';
import { randomKeys } from '../src/security/keys';
import { AccountsClient } from './helpers/accounts';
import { buildTestApp, postgresReachable, sharedPostgresDatabase, TEST_PG_URL } from './helpers/databases';
import { OTHER_MOBILE, PHONE } from './helpers/phones';
import { redisReachable, TEST_REDIS_URL, testRedisPrefix } from './helpers/redis';
import { codeOf, dataOf } from './helpers/requests';
import { StandaloneHost } from './helpers/standalone-hosts';
import { StreamViewer } from './helpers/streams';

const reachable = postgresReachable && redisReachable;
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const DELIVERING_NODE = fileURLToPath(new URL('./fixtures/delivering-node.ts', import.meta.url));
const tsx = join(repoRoot, 'node_modules/.bin/tsx');

const until = async (predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolveLater) => setTimeout(resolveLater, 50));
  }
};

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
    const { stdout } = await promisify(execFile)(tsx, ['apps/server/src/cli/main.ts', ...args], { cwd: repoRoot, env });
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
      await node.services.deviceHosts.attach(new HttpHostClient('slow', slowUrl, keys.hostKey), { asRegistered: true });
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
