import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceHost, type DeviceHostOptions } from '../src/host';
import { BOOT_MS } from '../src/phones/tasks';
import { AdbClient } from '../testing/adb-client';
import { fakeClock, phoneWithAdb, standaloneControlPlane } from './support';

/**
 * A disk no one can fill (issue 47): a write is counted as it streams and stops at the phone's room
 * or at the host's disk floor, keeping nothing; ADB and REST pushes alike.
 */
const MB = 1024 * 1024;
const clock = fakeClock(Date.now());
let adb: AdbClient;
const folders: string[] = [];
const hosts: DeviceHost[] = [];
const local = mkdtempSync(join(tmpdir(), 'cloudphone-floor-files-'));

beforeAll(async () => {
  adb = await AdbClient.start();
}, 20_000);
afterAll(async () => {
  await adb.stop();
  for (const host of hosts) host.close();
  for (const folder of [...folders, local]) rmSync(folder, { recursive: true, force: true });
}, 20_000);

/** A host with its data in a folder of its own, whose files the test can list. */
function hostWith(options: Partial<DeviceHostOptions>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-floor-'));
  folders.push(dataDir);
  const hostKey = randomBytes(32).toString('hex');
  const host = new DeviceHost({ dataDir, hostKey, clock, ffmpeg: null, installMs: 20, ...options });
  host.controlPlane = standaloneControlPlane(host);
  hosts.push(host);
  const blobs = new Map<string, Buffer>();
  host.startTasks(async (source) => Readable.from([blobs.get(source)!]));
  const cached = () => readdirSync(join(dataDir, 'host-blobs'));
  return { host, hostKey, blobs, cached };
}

/** A file of `bytes` random bytes on this machine, for adb to push. */
function localFile(bytes: number): string {
  const path = join(local, `${randomUUID()}.bin`);
  writeFileSync(path, randomBytes(bytes));
  return path;
}

/** The share of the disk that is free now, plus `margin` bytes: a reserve just above free space. */
function floorAboveFreeSpace(margin = 64 * MB): number {
  const disk = statfsSync(tmpdir());
  return (disk.bavail * disk.bsize + margin) / (disk.blocks * disk.bsize);
}

describe.skipIf(process.platform !== 'linux')('the host’s disk', () => {
  it('stops an adb push past the phone’s room mid-way, with adb’s own error, and keeps no byte', async () => {
    const { host, hostKey, cached } = hostWith({ phoneStorageBytes: 4 * MB });
    const { phone, port } = await phoneWithAdb(host, clock, hostKey, adb.publicKey);
    const serial = `127.0.0.1:${port}`;
    await adb.run(['connect', serial]);
    await adb.run(['-s', serial, 'wait-for-device'], { timeoutMs: 5_000 });

    expect((await adb.on(serial, ['push', localFile(3 * MB), '/sdcard/fits.bin'])).code).toBe(0);
    const before = cached();
    const pushed = await adb.on(serial, ['push', localFile(6 * MB), '/sdcard/too-big.bin']);
    expect(pushed.code).not.toBe(0);
    expect(pushed.text).toMatch(/No space left on device/);
    expect(phone.state.files.map((f) => f.name)).toEqual(['fits.bin']);
    expect(cached()).toEqual(before);
  });

  it('refuses an adb push and a REST push under the disk floor, each with its own failure, keeping no byte', async () => {
    const { host, hostKey, blobs, cached } = hostWith({ diskReserve: floorAboveFreeSpace() });
    const { phone, port } = await phoneWithAdb(host, clock, hostKey, adb.publicKey);
    const serial = `127.0.0.1:${port}`;
    await adb.run(['connect', serial]);
    await adb.run(['-s', serial, 'wait-for-device'], { timeoutMs: 5_000 });

    const pushed = await adb.on(serial, ['push', localFile(MB), '/sdcard/photo.bin']);
    expect(pushed.code).not.toBe(0);
    expect(pushed.text).toMatch(/No space left on device/);

    const bytes = randomBytes(MB);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    blobs.set(sha256, bytes);
    const request = { taskId: randomUUID(), sha256, name: 'photo.bin', size: bytes.length, source: sha256 };
    host.pushes.push(phone.instanceNo, { ...request, kind: 'file', install: false });
    await host.pushes.idle();
    expect(host.pushes.find(request.taskId)).toMatchObject({ state: 'failed', reason: 'storageFull' });

    expect(phone.state.files).toEqual([]);
    expect(cached()).toEqual([]);
  });

  it('makes room under the floor by removing cached files no one holds, oldest first', async () => {
    // Room for 40 MB: other tests writing meanwhile cannot take it all.
    const reserve = floorAboveFreeSpace(-40 * MB);
    const { host, blobs, cached } = hostWith({ diskReserve: reserve });
    const phone = host.fleet.create();
    clock.advance(BOOT_MS);
    // A file no phone holds any more (its push ended, the file was deleted): 64 MB, more than the room.
    const stale = randomBytes(64 * MB);
    const staleSha = createHash('sha256').update(stale).digest('hex');
    writeFileSync(join(folders.at(-1)!, 'host-blobs', staleSha), stale);

    const bytes = randomBytes(8 * MB);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    blobs.set(sha256, bytes);
    const taskId = randomUUID();
    host.pushes.push(phone.instanceNo, {
      taskId,
      sha256,
      name: 'map.bin',
      size: bytes.length,
      source: sha256,
      kind: 'file',
      install: false,
    });
    await host.pushes.idle();
    expect(host.pushes.find(taskId)).toMatchObject({ state: 'success' });
    expect(cached()).toEqual([sha256]);
  });
});
