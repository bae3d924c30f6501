import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { signedBlobUrl } from '../src/providers/blob-store/signed-url';
import { HostApiClient } from '../src/providers/device-hosts/host-api-client';
import { AccountsClient } from './helpers/accounts';
import { buildTestApp } from './helpers/databases';
import { dataOf } from './helpers/requests';

/** V8's collector, reached without starting the process with --expose-gc. */
const collectGarbage: (options?: { type: 'minor' | 'major' }) => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

const HOST_SCRIPT = fileURLToPath(new URL('./fixtures/standalone-host.ts', import.meta.url));
/** Larger than the old 64 MB limit of a snapshot copied through the host API. */
const NOTES_MB = 70;
const MB = 1024 * 1024;

/** A device host in a process of its own, so what the server's process holds is the server's alone. */
async function startHost(env: Record<string, string>): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOST_SCRIPT], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`host exited with ${code}`)));
  });
  return { url, process: child };
}

/** Snapshots are blobs (issue 21): host → blob store → host, streamed, never whole in the API node. */
describe('a snapshot larger than 64 MB between two hosts', () => {
  let app: FastifyInstance;
  const hosts: ChildProcess[] = [];
  const hostIds = new Map<string, number>();
  const keys = { tokenKey: randomBytes(32).toString('hex'), hostKey: randomBytes(32).toString('hex') };

  beforeAll(async () => {
    app = await buildTestApp(openDatabase(':memory:'), { keys });
    const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const blobUrl = (sha256: string) => signedBlobUrl(serverUrl, keys.hostKey, sha256);
    for (const [name, instance, notes] of [
      ['big-1', 'cp-00000000b161', String(NOTES_MB)],
      ['big-2', 'cp-00000000b162', '0'],
    ] as const) {
      const host = await startHost({ HOST_KEY: keys.hostKey, INSTANCE: instance, NOTES_MB: notes });
      hosts.push(host.process);
      const record = await app.services.deviceHosts.attach(
        HostApiClient.overHttp(name, host.url, keys.hostKey, host.url, blobUrl),
      );
      hostIds.set(name, record.id);
    }
  }, 60_000);

  afterAll(async () => {
    for (const host of hosts) host.kill();
    await app?.close();
  });

  it('moves through the blob store to the other host with the server’s memory growing by under 20 MB', async () => {
    const client = await AccountsClient.of(app);
    const { accessToken: token, userId } = await client.loginOk();
    const [template] = await app.services.userPhones.give(1, userId, 1, 30);
    const phoneOn = async (hostName: string, instanceNo: string) => {
      const deviceHostId = hostIds.get(hostName)!;
      const phone = await app.repos.userPhones.create({ ...template!, deviceHostId, instanceNo, nameNo: null });
      await app.services.userPhones.provision([phone.id]);
      return phone;
    };
    const source = await phoneOn('big-1', 'cp-00000000b161');
    const target = await phoneOn('big-2', 'cp-00000000b162');

    const { templateId } = dataOf<{ templateId: number }>(
      await client.call('POST', '/api/device/template/create', {
        token,
        payload: { userPhoneId: source.id, name: 'Big' },
      }),
    );
    await expect
      .poll(async () => (await app.repos.templates.findById(templateId))?.state, { timeout: 20_000, interval: 500 })
      .toBe('ready');

    // Garbage (the chunks already written on) is swept as it goes (a minor collection every 20 ms, as
    // a busy server's young generation is): what is measured is what the move holds, not what V8 has
    // yet to sweep of a stream running at disk speed.
    collectGarbage();
    const before = process.memoryUsage().rss;
    let most = before;
    const sampler = setInterval(() => {
      collectGarbage({ type: 'minor' });
      most = Math.max(most, process.memoryUsage().rss);
    }, 20);
    try {
      const cloned = await client.call('POST', '/api/device/clone/create', {
        token,
        payload: { templateId, userPhoneIds: [target.id] },
      });
      expect(dataOf(cloned)).toMatchObject({ cloneId: expect.any(Number) });
    } finally {
      clearInterval(sampler);
    }
    const { snapshotBlob, snapshotId } = (await app.repos.templates.findById(templateId))!;
    expect(snapshotBlob!.size).toBeGreaterThan(NOTES_MB * MB);
    const placed = await app.services.deviceHosts.client(target.deviceHostId)!.snapshotInfo(snapshotId);
    expect(placed?.size).toBeGreaterThan(NOTES_MB * MB);
    console.log(
      `server RSS grew ${((most - before) / MB).toFixed(1)} MB moving a ${(snapshotBlob!.size / MB).toFixed(1)} MB snapshot`,
    );
    expect(most - before).toBeLessThan(20 * MB);
  }, 90_000);
});
