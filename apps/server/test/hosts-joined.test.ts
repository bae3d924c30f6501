import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import { ERRORS } from '@cloudphone/contracts/errors';
import { HostApiHeader } from '@cloudphone/contracts/host-api';
import { HOST_HEARTBEAT_PATH, HOST_JOIN_PATH } from '@cloudphone/contracts/host-registry';
import type { LiveEvent } from '@cloudphone/contracts/live-events';
import type { UserPhone } from '@cloudphone/contracts/phones';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { HostApiClient } from '../src/providers/device-hosts/host-api-client';
import { sdkPowerCall } from './helpers/sdk-power';
import { AccountsClient } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { PHONE } from './helpers/phones';
import { codeOf, dataOf } from './helpers/requests';
import { StandaloneHost } from './helpers/standalone-hosts';
import { StreamViewer } from './helpers/streams';

type HostName = 'east' | 'west';
/** Where Notes sits on the launcher, in fractions of the screen. */
const NOTES_ICON = { x: 0.625, y: 0.347 };
/** A host's users see it offline this soon after it dies (5 s without a beat, then the next watch). */
const OFFLINE_WITHIN_MS = 9_000;

/**
 * Issue 32 (DESIGN §8): the server and two standalone hosts, each in a process of its own on
 * loopback, joined with the operator's tokens.
 */
describeEachDatabase('device hosts on their own machines', (open) => {
  let app: FastifyInstance;
  let api: AccountsClient;
  let token: string;
  let userId: number;
  const hosts = {} as Record<HostName, StandaloneHost>;
  const joinTokens = {} as Record<HostName, string>;
  const told: LiveEvent[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.call(method, url, { token, payload });
  const registry = async () => new Map((await app.services.hostRegistry.list()).map((h) => [h.name, h]));
  const hostOf = async (phone: { userPhoneId: number } | number) => {
    const id = typeof phone === 'number' ? phone : phone.userPhoneId;
    const hostId = (await app.repos.userPhones.findById(id))!.deviceHostId;
    return [...(await registry()).values()].find((h) => h.id === hostId)!.name as HostName;
  };
  const phones = async () => dataOf<{ list: UserPhone[] }>(await call('GET', `${PHONE}/list?pageSize=100`)).list;
  /** The user's phones by the host they are on. */
  const phonesByHost = async () => {
    const byHost: Record<HostName, UserPhone[]> = { east: [], west: [] };
    for (const phone of await phones()) byHost[await hostOf(phone)].push(phone);
    return byHost;
  };
  /** Each phone's status, by the host it is on. */
  const statuses = async () => {
    const { east, west } = await phonesByHost();
    return { east: east.map((p) => p.status), west: west.map((p) => p.status) };
  };
  const give = async (count: number) => app.services.userPhones.give(1, userId, count, 30);

  beforeAll(async () => {
    app = await buildTestApp(await open());
    const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    // As in production: the registry is watched, phones made, locks delivered, on their schedules.
    await app.jobs.start();
    api = await AccountsClient.of(app);
    ({ accessToken: token, userId } = await api.loginOk());
    app.services.events.subscribe(userId, (event) => told.push(event));
    for (const [name, region] of [
      ['east', 'cn-east'],
      ['west', 'cn-west'],
    ] as const) {
      hosts[name] = await StandaloneHost.create(name, {
        CONTROL_PLANE_URL: serverUrl,
        HOST_CAPACITY: '10',
        HOST_REGION: region,
      });
      joinTokens[name] = (await app.services.hostRegistry.issueToken(name)).token;
      hosts[name].start(joinTokens[name]);
    }
    // Both joined and beating (each process starts in a few seconds).
    for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 200))) {
      if ([...(await registry()).values()].filter((h) => h.online).length === 2) break;
      if (Date.now() > deadline) throw new Error('the hosts did not join within 30 s');
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(Object.values(hosts).map((host) => host.remove()));
    await app?.close();
  });

  it('joins each host once with its token, and places phones on the least-loaded host, never on a drained one', async () => {
    const joined = await registry();
    expect(joined.get('east')).toMatchObject({
      online: true,
      publicUrl: hosts.east.url,
      capacity: 10,
      region: 'cn-east',
      adb: { address: '127.0.0.1', ports: { from: 5555, to: 5564 } },
    });
    // A token joins once.
    const again = await app.inject({
      method: 'POST',
      url: HOST_JOIN_PATH,
      payload: {
        token: joinTokens.east,
        host: { url: 'http://127.0.0.1:1', capacity: 1, region: '', adb: { address: '', ports: { from: 1, to: 1 } } },
      },
    });
    expect(codeOf(again)).toBe(ERRORS.forbidden.code);

    const placed = await Promise.all((await give(4)).map((p) => hostOf(p.id)));
    expect(placed.sort()).toEqual(['east', 'east', 'west', 'west']);
    // Drained, east takes no new phone though it is as empty as west.
    await app.services.hostRegistry.drain('east', true);
    expect(await hostOf((await give(1))[0]!.id)).toBe('west');
    await app.services.hostRegistry.drain('east', false);
    // Back in placement, east is the less loaded (2 of 10 against 3 of 10).
    expect(await hostOf((await give(1))[0]!.id)).toBe('east');
    // A host of the fixed setup (DEVICE_HOSTS) shares the data folder's key: it never joins.
    await app.repos.deviceHosts.register('fixed-1', 'http://127.0.0.1:9', null, Date.now());
    await expect(app.services.hostRegistry.issueToken('fixed-1')).rejects.toMatchObject({ key: 'conflict' });
  });

  it('replays a tap on the main on its followers on both hosts', async () => {
    await expect.poll(async () => (await phones()).every((p) => p.status === 'online'), { timeout: 15_000 }).toBe(true);
    const byHost = await phonesByHost();
    const [main, eastFollower] = byHost.east;
    const [westFollower, bystander] = byHost.west;
    const { syncId } = dataOf<{ syncId: string }>(
      await call('POST', '/api/device/sync/create', {
        mainUserPhoneId: main!.userPhoneId,
        followerUserPhoneIds: [eastFollower!.userPhoneId, westFollower!.userPhoneId],
      }),
    );
    await app.services.hostDelivery.deliverPending();

    const key = dataOf<SecurityToken>(await call('POST', `${PHONE}/security-token?userPhoneId=${main!.userPhoneId}`));
    const viewer = new StreamViewer(`${key.streamUrl}&codec=jpeg`);
    await viewer.ready();
    viewer.send({ type: 'tap', ...NOTES_ICON });
    const instance = async (phone: UserPhone) => (await app.repos.userPhones.findById(phone.userPhoneId))!.instanceNo;
    await expect
      .poll(
        async () => [
          hosts.east.appOnTop(await instance(main!)),
          hosts.east.appOnTop(await instance(eastFollower!)),
          hosts.west.appOnTop(await instance(westFollower!)),
          hosts.west.appOnTop(await instance(bystander!)),
        ],
        { timeout: 5_000 },
      )
      .toEqual(['notes', 'notes', 'notes', 'launcher']);
    // The main's host tells how the follower on the other host took it.
    await expect
      .poll(() => told.find((e) => e.type === 'sync.follower' && e.userPhoneId === westFollower!.userPhoneId), {
        timeout: 5_000,
      })
      .toMatchObject({ syncId, state: expect.stringMatching(/^(applied|lagging)$/) });
    viewer.close();
    dataOf(await call('PUT', '/api/device/sync/end', { syncId }));
  });

  it('shows a killed host’s phones offline within seconds, and online again when it restarts', async () => {
    told.length = 0;
    const killedAt = Date.now();
    await hosts.west.kill();
    await expect
      .poll(statuses, { timeout: OFFLINE_WITHIN_MS, interval: 250 })
      .toEqual({ east: ['online', 'online', 'online'], west: ['offline', 'offline', 'offline'] });
    // Once its beats are missed it is offline in the registry, and its phones' lists are told at once.
    await expect
      .poll(async () => (await registry()).get('west')?.online, { timeout: OFFLINE_WITHIN_MS, interval: 250 })
      .toBe(false);
    await expect
      .poll(() => told, { timeout: 2_000 })
      .toContainEqual(expect.objectContaining({ type: 'phones', change: 'host' }));
    expect(Date.now() - killedAt).toBeLessThan(OFFLINE_WITHIN_MS);
    // It comes back with the key it kept: no new token.
    hosts.west.start();
    await expect
      .poll(statuses, { timeout: 20_000, interval: 250 })
      .toEqual({ east: ['online', 'online', 'online'], west: ['online', 'online', 'online'] });
  });

  it('starts again, once, a task its host lost in a restart, and tells its end once (issue 51)', async () => {
    const [phone] = (await phonesByHost()).west;
    const newMachine = vi.spyOn(HostApiClient.prototype, 'newMachine');
    try {
      const started = dataOf<{ list: { taskId: string }[] }>(
        await call('POST', `${PHONE}/new-machine`, { userPhoneIds: [phone!.userPhoneId] }),
      );
      const { taskId } = started.list[0]!;
      // It comes back without the task: a machine whose disk was replaced, or a driver that keeps none.
      await hosts.west.kill();
      hosts.west.forgetTask(taskId);
      hosts.west.start();
      await expect
        .poll(async () => (await app.repos.newMachines.findByTask(taskId))?.status, { timeout: 30_000, interval: 250 })
        .toBe('successful');
      // Asked at the start, and once more after the restart, under the same task id.
      expect(newMachine.mock.calls.filter(([, options]) => options.taskId === taskId)).toHaveLength(2);
      const ends = told.filter((e) => e.type === 'phone.task' && e.taskId === taskId && e.state === 'success');
      expect(ends).toHaveLength(1);
    } finally {
      newMachine.mockRestore();
    }
  }, 40_000);

  it('sees a host that stops beating offline though its connections stay open', async () => {
    hosts.east.signal('SIGSTOP');
    try {
      await expect
        .poll(async () => (await registry()).get('east')?.online, { timeout: OFFLINE_WITHIN_MS, interval: 250 })
        .toBe(false);
      expect((await statuses()).east).toEqual(['offline', 'offline', 'offline']);
    } finally {
      hosts.east.signal('SIGCONT');
    }
    await expect.poll(async () => (await registry()).get('east')?.online, { timeout: 10_000 }).toBe(true);
  });

  it('decides an SDK restart a joined host asks for, signed with that host’s own key', async () => {
    const [phone] = (await phonesByHost()).east;
    const key = dataOf<SecurityToken>(await call('POST', `${PHONE}/security-token?userPhoneId=${phone!.userPhoneId}`));
    const reply = await sdkPowerCall(key, 'reboot', String(Date.now()));
    expect(await reply.json()).toMatchObject({ code: 0, data: { taskId: expect.any(String) } });
    await expect.poll(async () => (await statuses()).east).toContain('restarting');
  });

  it('refuses a host that signs with another host’s key', async () => {
    const east = (await registry()).get('east')!;
    const body = JSON.stringify({
      host: { url: hosts.east.url, capacity: 10, region: '', adb: { address: '', ports: { from: 1, to: 1 } } },
    });
    const beat = await app.inject({
      method: 'POST',
      url: HOST_HEARTBEAT_PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [HostApiHeader.hostId]: String(east.id),
        ...hostCallHeaders(hosts.west.key(), 'POST', HOST_HEARTBEAT_PATH, body, Date.now()),
      },
    });
    expect(codeOf(beat)).toBe(ERRORS.forbidden.code);
    // East refuses the host API signed with west's key, and a stream opened with a key signed for west.
    await expect(HostApiClient.overHttp('impostor', hosts.east.url, hosts.west.key()).models()).rejects.toMatchObject({
      key: 'forbidden',
    });
    const [westPhone] = (await phonesByHost()).west;
    const westKey = dataOf<SecurityToken>(
      await call('POST', `${PHONE}/security-token?userPhoneId=${westPhone!.userPhoneId}`),
    );
    const viewer = new StreamViewer(
      `${westKey.streamUrl.replace(`:${hosts.west.port}`, `:${hosts.east.port}`)}&codec=jpeg`,
    );
    await viewer.until(() => viewer.closeCode !== undefined);
    expect(viewer.closeCode).toBe(4001);
  });
});
