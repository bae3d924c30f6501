import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DeviceHost, deviceHostPlugin, HttpControlPlane } from '@cloudphone/device-host';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { HostApiClient } from '../src/providers/device-hosts/host-api-client';
import { sdkPowerCall } from './helpers/sdk-power';
import { AccountsClient } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf } from './helpers/requests';

describeEachDatabase('a device host in its own process', (open) => {
  let hostApp: FastifyInstance;
  let host: DeviceHost;
  let app: FastifyInstance;
  let hostUrl: string;
  let now = Date.now();
  const clock = { now: () => now };
  let keys: { tokenKey: string; hostKey: string };

  beforeEach(async () => {
    keys = { tokenKey: randomBytes(32).toString('hex'), hostKey: randomBytes(32).toString('hex') };
    host = new DeviceHost({ dataDir: ':memory:', hostKey: keys.hostKey, clock });
    hostApp = Fastify();
    await hostApp.register(deviceHostPlugin, { host });
    hostUrl = await hostApp.listen({ port: 0, host: '127.0.0.1' });
    app = await buildTestApp(await open(), { keys, clock });
    await app.services.deviceHosts.attach(HostApiClient.overHttp('remote-1', hostUrl, keys.hostKey));
  });

  afterEach(async () => {
    await app.close();
    await hostApp.close();
  });

  it('places phones on the host, shows their live status, restarts them and sends clients straight to it', async () => {
    const client = await AccountsClient.of(app);
    const { accessToken: token, userId } = await client.loginOk();
    const [phone] = await app.services.userPhones.give(1, userId, 1, 30);
    expect(host.fleet.get(phone!.instanceNo)).toBeDefined();

    const list = dataOf<{ list: { status: string; mockModel: { model: string } }[] }>(
      await client.call('GET', '/api/device/user/phone/list', { token }),
    );
    expect(list.list[0]).toMatchObject({
      status: 'booting',
      mockModel: { model: host.fleet.get(phone!.instanceNo)!.state.identity.model },
    });

    now += 3_001;
    const reboot = dataOf<{ taskId: string }>(
      await client.call('PUT', `/api/device/user/phone/reboot?userPhoneId=${phone!.id}`, { token }),
    );
    expect(host.fleet.task(reboot.taskId)).toMatchObject({ status: 'running' });
    expect(host.fleet.get(phone!.instanceNo)!.status()).toBe('restarting');

    const access = dataOf<{ streamUrl: string; sdkUrl: string }>(
      await client.call('POST', `/api/device/user/phone/security-token?userPhoneId=${phone!.id}`, { token }),
    );
    expect(access.streamUrl.startsWith(`${hostUrl.replace('http', 'ws')}/stream/${phone!.instanceNo}?accessKey=`)).toBe(
      true,
    );
    expect(access.sdkUrl).toBe(`${hostUrl}/sdk`);
  });

  it('asks the server to decide an SDK reset, then refuses input while the server’s lock holds the phone', async () => {
    const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    host.controlPlane = new HttpControlPlane(() => serverUrl, keys.hostKey);
    const client = await AccountsClient.of(app);
    const { accessToken: token, userId } = await client.loginOk();
    const [phone] = await app.services.userPhones.give(1, userId, 1, 30);
    now += 3_001;
    const key = dataOf<SecurityToken>(
      await client.call('POST', `/api/device/user/phone/security-token?userPhoneId=${phone!.id}`, { token }),
    );
    const reset = async () => {
      const reply = await sdkPowerCall(key, 'reset', String(++now));
      return ((await reply.json()) as { code: number }).code;
    };
    expect(await reset()).toBe(0);
    expect(host.fleet.get(phone!.instanceNo)!.status()).toBe('resetting');
    // The server's lock reaches the host over its API: input is refused, and so is a second reset.
    await app.services.hostDelivery.deliverPending();
    expect(host.input.apply(phone!.instanceNo, { role: 'owner' }, { type: 'tap', x: 0.5, y: 0.5 })).toBe(
      'deviceResetting',
    );
    expect(await reset()).toBe(ERRORS.deviceResetting.code);
  });

  it('replaces a phone with its data on the host, over the host API', async () => {
    const client = await AccountsClient.of(app);
    const { accessToken: token, userId } = await client.loginOk();
    const [phone] = await app.services.userPhones.give(1, userId, 1, 30);
    host.fleet.get(phone!.instanceNo)!.update((s) => (s.notes = 'kept across hosts'));
    const reply = dataOf<{ list: { ok: boolean }[] }>(
      await client.call('POST', '/api/device/user/phone/replace-submit', {
        token,
        payload: { userPhoneIds: [phone!.id], replaceType: 2 },
      }),
    );
    expect(reply.list[0]?.ok).toBe(true);
    const moved = (await app.repos.userPhones.findById(phone!.id))!;
    expect(moved.instanceNo).not.toBe(phone!.instanceNo);
    expect(host.fleet.get(moved.instanceNo)!.state.notes).toBe('kept across hosts');
  });

  it('asks a host of 5,000 phones for a page of 20 phones alone (issue 51)', async () => {
    for (let i = 0; i < 5_000; i++) host.fleet.create();
    const client = await AccountsClient.of(app);
    const { accessToken: token, userId } = await client.loginOk();
    await app.services.userPhones.give(1, userId, 25, 30);
    // What the host is asked: its phones one by one, never its whole fleet.
    const whole = vi.spyOn(host.fleet, 'list');
    const one = vi.spyOn(host.fleet, 'get');
    const page = dataOf<{ list: unknown[]; total: number }>(
      await client.call('GET', '/api/device/user/phone/list?pageNo=1&pageSize=20', { token }),
    );
    expect([page.list.length, page.total]).toEqual([20, 25]);
    expect(whole).not.toHaveBeenCalled();
    expect(one.mock.calls.length).toBeLessThanOrEqual(20);
  });

  it('follows the host: a list read again asks it nothing until a task of its phone moves (issue 56)', async () => {
    const client = await AccountsClient.of(app);
    const { accessToken: token, userId } = await client.loginOk();
    const [phone] = await app.services.userPhones.give(1, userId, 1, 30);
    now += 3_001;
    await vi.waitFor(() => expect(app.services.deviceHosts.all().every((c) => c.online)).toBe(true));
    const asked = vi.spyOn(host.fleet, 'get');
    const list = () => client.call('GET', '/api/device/user/phone/list', { token });
    await list();
    const once = asked.mock.calls.length;
    await list();
    expect(asked.mock.calls.length).toBe(once);
    await client.call('PUT', `/api/device/user/phone/reboot?userPhoneId=${phone!.id}`, { token });
    // Its task event reaches the server over the host's stream; the next list asks the host again.
    const afterReboot = asked.mock.calls.length;
    await vi.waitFor(async () => {
      await list();
      expect(asked.mock.calls.length).toBeGreaterThan(afterReboot);
    });
  });

  it('is refused by a host that holds another key', async () => {
    const stranger = HostApiClient.overHttp('stranger', hostUrl, randomBytes(32).toString('hex'));
    await expect(stranger.createInstance('cp-000000000001')).rejects.toMatchObject({ key: 'forbidden' });
  });

  it('hands the caller a host’s refusal as its catalogue error, and refuses by name a reply out of the catalogue (issue 51)', async () => {
    const client = HostApiClient.overHttp('remote-1', hostUrl, keys.hostKey);
    await expect(client.reboot('cp-00000000dead')).rejects.toMatchObject({ name: 'HostRefusal', key: 'phoneNotFound' });
    // A host that answers a task without its id, and one that answers no envelope at all.
    const broken = Fastify();
    broken.post('/host-api/instances/:no/reboot', async () => ({ code: 0, msg: '', data: { finishAt: 1 } }));
    broken.get('/host-api/models', async () => 'hello');
    const brokenUrl = await broken.listen({ port: 0, host: '127.0.0.1' });
    try {
      const brokenClient = HostApiClient.overHttp('broken', brokenUrl, keys.hostKey);
      await expect(brokenClient.reboot('cp-000000000001')).rejects.toMatchObject({ name: 'HostReplyInvalid' });
      await expect(brokenClient.models()).rejects.toThrow(/broken: GET \/models answered out of its catalogue/);
    } finally {
      await broken.close();
    }
  });
});
