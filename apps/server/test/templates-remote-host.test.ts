import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DeviceHost, BOOT_MS, TASK_DURATION_MS, deviceHostPlugin } from '@cloudphone/device-host';
import { signedBlobUrl } from '../src/providers/blob-store/signed-url';
import { HostApiClient } from '../src/providers/device-hosts/host-api-client';
import { AccountsClient } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf } from './helpers/requests';

describeEachDatabase('templates across separate device hosts', (open) => {
  let now = Date.now();
  const clock = { now: () => now };
  const hosts: { host: DeviceHost; app: FastifyInstance; url: string }[] = [];
  let app: FastifyInstance;

  beforeEach(async () => {
    const keys = { tokenKey: randomBytes(32).toString('hex'), hostKey: randomBytes(32).toString('hex') };
    app = await buildTestApp(await open(), { keys, clock });
    // Snapshots move between hosts through the server's blob store (issue 21), fetched by signed URL.
    const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const blobUrl = (sha256: string) => signedBlobUrl(serverUrl, keys.hostKey, sha256);
    for (const name of ['remote-1', 'remote-2']) {
      const host = new DeviceHost({ dataDir: ':memory:', hostKey: keys.hostKey, clock });
      host.startTasks();
      const hostApp = Fastify();
      await hostApp.register(deviceHostPlugin, { host });
      const url = await hostApp.listen({ port: 0, host: '127.0.0.1' });
      hosts.push({ host, app: hostApp, url });
      await app.services.deviceHosts.attach(HostApiClient.overHttp(name, url, keys.hostKey, url, blobUrl));
    }
  });

  afterEach(async () => {
    await app.close();
    for (const { app: hostApp } of hosts.splice(0)) await hostApp.close();
  });

  it('copies a template to the host of a phone on another host, and removes it from both when deleted', async () => {
    const client = await AccountsClient.of(app);
    const { accessToken: token, userId } = await client.loginOk();
    const [a] = await app.services.userPhones.give(1, userId, 1, 30);
    // A phone of the same user on the second host.
    const second = await app.repos.deviceHosts.register('remote-2', hosts[1]!.url, null, now);
    const b = await app.repos.userPhones.create({
      ...a!,
      deviceHostId: second.id,
      instanceNo: 'cp-0000000000b2',
      nameNo: 9,
    });
    await app.services.userPhones.provision([b.id]);
    const source = hosts[0]!.host.fleet.get(a!.instanceNo)!;
    const target = hosts[1]!.host.fleet.get(b.instanceNo)!;
    target.update((s) => (s.identity = { ...s.identity, android: source.state.identity.android }));
    source.update((s) => (s.notes = 'from the first host'));
    now += BOOT_MS;

    const { templateId } = dataOf<{ templateId: number }>(
      await client.call('POST', '/api/device/template/create', { token, payload: { userPhoneId: a!.id, name: 'Far' } }),
    );
    now += TASK_DURATION_MS.snapshot;
    await app.services.hostTasks.recover(undefined, now);
    const { snapshotId } = (await app.repos.templates.findById(templateId))!;
    expect(hosts[1]!.host.fleet.snapshotInfo(snapshotId)).toBeUndefined();

    dataOf(
      await client.call('POST', '/api/device/clone/create', { token, payload: { templateId, userPhoneIds: [b.id] } }),
    );
    expect(hosts[1]!.host.fleet.snapshotInfo(snapshotId)).toEqual(hosts[0]!.host.fleet.snapshotInfo(snapshotId));
    // It went through the blob store, under its hash.
    const { snapshotBlob } = (await app.repos.templates.findById(templateId))!;
    expect(await app.blobs.has(snapshotBlob!.sha256)).toBe(true);
    now += TASK_DURATION_MS['apply-snapshot'];
    await app.services.hostTasks.recover(undefined, now);
    expect(target.state.notes).toBe('from the first host');

    dataOf(await client.call('DELETE', `/api/device/template/delete?templateId=${templateId}`, { token }));
    await app.services.templates.advance();
    for (const { host } of hosts) expect(host.fleet.snapshotInfo(snapshotId)).toBeUndefined();
    expect(await app.blobs.has(snapshotBlob!.sha256)).toBe(false);
  });
});
