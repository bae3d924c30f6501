import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { UserFile } from '@cloudphone/contracts/files';
import { DeviceHost, deviceHostPlugin, BOOT_MS } from '@cloudphone/device-host';
import { signedBlobUrl } from '../src/providers/blob-store/signed-url';
import { HostApiClient } from '../src/providers/device-hosts/host-api-client';
import { AccountsClient, TestClock } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { settledPush, upload, type FilesContext } from './helpers/files';
import { dataOf } from './helpers/requests';

describeEachDatabase('a push through a device host in its own process', (open) => {
  let hostApp: FastifyInstance;
  let host: DeviceHost;
  const t = {} as FilesContext;

  beforeEach(async () => {
    const keys = { tokenKey: randomBytes(32).toString('hex'), hostKey: randomBytes(32).toString('hex') };
    t.clock = new TestClock();
    host = new DeviceHost({ dataDir: ':memory:', hostKey: keys.hostKey, clock: t.clock, installMs: 20 });
    // As `npm run device-host` does: pushes fetch their files from the server's signed URLs.
    host.startTasks();
    hostApp = Fastify();
    await hostApp.register(deviceHostPlugin, { host });
    const hostUrl = await hostApp.listen({ port: 0, host: '127.0.0.1' });
    t.app = await buildTestApp(await open(), { keys, clock: t.clock });
    const serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const blobUrl = (sha256: string) => signedBlobUrl(serverUrl, keys.hostKey, sha256);
    await t.app.services.deviceHosts.attach(
      HostApiClient.overHttp('remote-1', hostUrl, keys.hostKey, hostUrl, blobUrl),
    );
    t.api = await AccountsClient.of(t.app);
    const login = await t.api.loginOk();
    t.me = { tenantId: Number(t.api.headers['tenant-id']), userId: login.userId, token: login.accessToken };
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
    await host.pushes.idle();
    await hostApp.close();
  });

  it('sends the host a signed URL to fetch the file from, and hears how it went on the host events', async () => {
    const [phone] = await t.app.services.userPhones.give(1, t.me.userId, 1, 30);
    t.clock.advance(BOOT_MS);
    const file = dataOf<UserFile>(await upload(t, { name: 'readme.txt', kind: 'file', bytes: Buffer.from('hello') }));
    const { batchId } = dataOf<{ batchId: string }>(
      await t.call('POST', '/api/files/push', { payload: { fileIds: [file.fileId], userPhoneIds: [phone!.id] } }),
    );
    expect(await settledPush(t, batchId)).toEqual([expect.objectContaining({ state: 'push_success' })]);
    expect(host.fleet.get(phone!.instanceNo)!.state.files).toEqual([expect.objectContaining({ name: 'readme.txt' })]);
  });

  it('refuses a blob URL that was not signed with the host key', async () => {
    const file = dataOf<UserFile>(await upload(t, { name: 'secret.txt', kind: 'file', bytes: Buffer.from('secret') }));
    const forged = signedBlobUrl('http://x', randomBytes(32).toString('hex'), file.sha256).replace('http://x', '');
    expect((await t.app.inject({ url: forged })).statusCode).toBe(403);
  });
});
