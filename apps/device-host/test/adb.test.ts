import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { DeviceHost } from '../src/host';
import { BOOT_MS, TASK_DURATION_MS } from '../src/phones/tasks';
import type { VirtualPhone } from '../src/drivers/virtual/virtual-phone';
import { AdbClient } from '../testing/adb-client';
import { adbEndpointOf, fakeClock, phoneWithAdb, standaloneControlPlane, type ControlPlaneAsked } from './support';

/**
 * Debian's adb 29 against the real host (issue 35): it must not tell our virtual phones from a
 * handset. Each test connects a phone of its own through its own endpoint.
 */
const clock = fakeClock(Date.now());
const hostKey = randomBytes(32).toString('hex');
const host = new DeviceHost({ dataDir: ':memory:', hostKey, clock, ffmpeg: null, installMs: 40 });
host.startTasks();
/** What the control plane was asked to decide: the server's part, which its own tests cover. */
const asked: ControlPlaneAsked = { power: [], locks: [] };
const { power: powerAsked, locks: locksAsked } = asked;
host.controlPlane = standaloneControlPlane(host, asked, clock.now);
let adb: AdbClient;
const files = mkdtempSync(join(tmpdir(), 'cloudphone-adb-files-'));

beforeAll(async () => {
  adb = await AdbClient.start();
}, 20_000);
afterAll(async () => {
  await adb.stop();
  host.close();
  rmSync(files, { recursive: true, force: true });
}, 20_000);

const endpointOf = (instanceNo: string) => adbEndpointOf(hostKey, clock, instanceNo, adb.publicKey);

/** A phone of the owner's with ADB on, connected; its serial is `host:port`, as `adb devices` lists it. */
async function connectedPhone(client = adb): Promise<{ phone: VirtualPhone; serial: string }> {
  const { phone, port } = await phoneWithAdb(host, clock, hostKey, adb.publicKey);
  const serial = `127.0.0.1:${port}`;
  await client.run(['connect', serial]);
  return { phone, serial };
}

async function until(predicate: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('adb connects to a cloud phone as to a handset', () => {
  it('lists the phone as a device, named as About phone names it', async () => {
    const { phone, serial } = await connectedPhone();
    const devices = await adb.run(['devices', '-l']);
    // adb shows names with anything but letters and digits as _ (SM-S918B as SM_S918B).
    const listed = phone.state.identity.model.replace(/[^A-Za-z0-9]/g, '_');
    expect(devices.text).toMatch(new RegExp(`${serial}\\s+device .*model:${listed} `));
    const model = await adb.on(serial, ['shell', 'getprop', 'ro.product.model']);
    expect(model.stdout.toString().trim()).toBe(phone.state.identity.model);
    const brand = await adb.on(serial, ['shell', 'getprop ro.product.brand; getprop ro.serialno']);
    expect(brand.stdout.toString().split('\n').slice(0, 2)).toEqual([
      phone.state.identity.brand,
      phone.state.identity.serial,
    ]);
  });

  it('refuses a key that is not on the account: the device stays unauthorized', async () => {
    const stranger = await AdbClient.start();
    try {
      const { serial } = await connectedPhone(stranger);
      expect((await stranger.run(['devices'])).text).toMatch(new RegExp(`${serial}\\s+unauthorized`));
      const tried = await stranger.on(serial, ['shell', 'echo', 'hello']);
      expect(tried.code).not.toBe(0);
      expect(tried.text).toContain('unauthorized');
    } finally {
      await stranger.stop();
    }
  });

  it('refuses a port another endpoint holds, and keeps the one that holds it', async () => {
    const { phone, serial } = await connectedPhone();
    const other = host.fleet.create();
    const port = host.adb.port(phone.instanceNo)!;
    await expect(host.adb.set(other.instanceNo, { port, publicKeys: [adb.publicKey] })).rejects.toThrow(/EADDRINUSE/);
    expect(host.adb.port(other.instanceNo)).toBeUndefined();
    expect((await adb.on(serial, ['shell', 'echo', 'still'])).text).toBe('still\n');
  });

  it('closes a connection within a second when ADB is turned off for the phone (a transfer, a grant taken back)', async () => {
    const { phone, serial } = await connectedPhone();
    expect((await adb.on(serial, ['shell', 'echo', 'hi'])).text).toBe('hi\n');
    expect(host.adb.connectionCount(phone.instanceNo)).toBe(1);
    const started = performance.now();
    await host.adb.set(phone.instanceNo, null);
    await until(() => host.adb.connectionCount(phone.instanceNo) === 0);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await adb.on(serial, ['shell', 'echo', 'hi'])).code).not.toBe(0);
  });

  it('drops a connection signed in with a key the owner removed, and lets a key just added in', async () => {
    const { phone, serial } = await connectedPhone();
    const port = host.adb.port(phone.instanceNo)!;
    await host.adb.set(phone.instanceNo, { port, publicKeys: [] });
    await until(() => host.adb.connectionCount(phone.instanceNo) === 0);
    await adb.run(['connect', serial]);
    await until(() => host.adb.connectionCount(phone.instanceNo) === 1);
    // adb lists the phone as offline until it has read the phone's AUTH request, a moment after the
    // host has the connection.
    await expect
      .poll(async () => (await adb.run(['devices'])).text, { timeout: 2_000 })
      .toMatch(new RegExp(`${serial}\\s+unauthorized`));
    // The account gains the key: the client waiting is asked again, as a handset's dialog would let it in.
    await host.adb.set(phone.instanceNo, { port, publicKeys: [adb.publicKey] });
    await adb.run(['-s', serial, 'wait-for-device'], { timeoutMs: 5_000 });
    expect((await adb.on(serial, ['shell', 'echo', 'in'])).text).toBe('in\n');
  });
});

describe('the shell', () => {
  it('answers with exit codes, stderr apart, and reads stdin (shell_v2)', async () => {
    const { serial } = await connectedPhone();
    const exited = await adb.on(serial, ['shell', 'echo out; exit 3']);
    expect([exited.code, exited.stdout.toString()]).toEqual([3, 'out\n']);
    const unknown = await adb.on(serial, ['shell', 'frobnicate']);
    expect([unknown.code, unknown.stderr]).toEqual([127, '/system/bin/sh: frobnicate: inaccessible or not found\n']);
    const piped = await adb.on(serial, ['shell', 'cat | grep -c line'], { input: 'line 1\nline 2\nother\n' });
    expect(piped.stdout.toString()).toBe('2\n');
    expect((await adb.on(serial, ['shell', 'true && echo yes || echo no; false && echo yes || echo no'])).text).toBe(
      'yes\nno\n',
    );
  });

  it('keeps ro.* read-only and shows the root switch in id', async () => {
    const { phone, serial } = await connectedPhone();
    const setprop = await adb.on(serial, ['shell', 'setprop', 'ro.product.model', 'Pixel']);
    expect(setprop.code).toBe(1);
    expect((await adb.on(serial, ['shell', 'getprop', 'ro.product.model'])).text.trim()).toBe(
      phone.state.identity.model,
    );
    expect((await adb.on(serial, ['shell', 'id'])).text).toMatch(/^uid=2000\(shell\)/);
    phone.update((s) => (s.root = true));
    expect((await adb.on(serial, ['shell', 'id'])).text).toMatch(/^uid=0\(root\)/);
  });

  it('taps the Notes icon by its pixels: Notes opens on the live screen', async () => {
    const { phone, serial } = await connectedPhone();
    const { width, height } = phone.state.display;
    // The Notes icon's middle: 0.625 and 0.347 of the screen (as the stream's input tests tap it).
    const tap = await adb.on(serial, ['shell', 'input', 'tap', String(0.625 * width), String(0.347 * height)]);
    expect(tap.code).toBe(0);
    expect(phone.state.screenStack.at(-1)).toBe('notes');
    await adb.on(serial, ['shell', 'input text hello%sadb && input keyevent KEYCODE_ENTER']);
    expect(phone.state.notes).toBe('hello adb\n');
  });

  it('takes a PNG of the screen with exec-out screencap -p', async () => {
    const { phone, serial } = await connectedPhone();
    const png = (await adb.on(serial, ['exec-out', 'screencap', '-p'])).stdout;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
      phone.state.display.width,
      phone.state.display.height,
    ]);
  });
});

describe('files and apps', () => {
  it('pushes a file into the phone Files, and pulls the same bytes back', async () => {
    const { phone, serial } = await connectedPhone();
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const local = join(files, 'holiday.jpg');
    writeFileSync(local, bytes);
    const pushed = await adb.on(serial, ['push', local, '/sdcard/']);
    expect(pushed.code).toBe(0);
    expect(phone.state.files).toEqual([expect.objectContaining({ name: 'holiday.jpg', size: bytes.length })]);
    // The phone was held while the bytes came, in the name of the connection, and let go once they landed.
    const held = locksAsked.filter((l) => l.instanceNo === phone.instanceNo);
    expect(held.map((l) => [l.action, l.kind])).toEqual([
      ['take', 'pushing'],
      ['release', 'pushing'],
    ]);
    expect(held[0]!.holder).toMatch(/^adb:[0-9a-f]+$/);
    expect((await adb.on(serial, ['shell', 'ls', '/sdcard'])).text).toBe('holiday.jpg\n');
    const back = join(files, 'back.jpg');
    expect((await adb.on(serial, ['pull', '/sdcard/holiday.jpg', back])).code).toBe(0);
    expect(readFileSync(back).equals(bytes)).toBe(true);
  });

  it('installs an APK both ways adb does: the app is in the launcher', async () => {
    const { phone, serial } = await connectedPhone();
    const streamed = await adb.on(serial, ['install', GOLD_MINER_APK]);
    expect(streamed.text).toContain('Performing Streamed Install');
    expect(streamed.text).toContain('Success');
    expect(phone.state.apps.map((a) => a.packageName)).toEqual(['com.example.miner']);
    expect((await adb.on(serial, ['uninstall', 'com.example.miner'])).text).toContain('Success');
    expect(phone.state.apps).toEqual([]);
    const pushed = await adb.on(serial, ['install', '--no-streaming', GOLD_MINER_APK]);
    expect(pushed.text).toContain('Performing Push Install');
    expect(pushed.code).toBe(0);
    expect(phone.state.apps.map((a) => a.label)).toEqual(['Gold Miner']);
    // adb removes the package it pushed to the scratch folder once installed.
    expect((await adb.on(serial, ['shell', 'ls', '/data/local/tmp'])).text).toBe('');
    const opened = await adb.on(serial, ['shell', 'am', 'start', '-n', 'com.example.miner/.MainActivity']);
    expect(opened.code).toBe(0);
    expect(phone.state.screenStack.at(-1)).toBe('app:com.example.miner');
  });
});

describe('sync control (issue 53)', () => {
  it('opens and closes an app on the followers when adb starts and stops it on the main', async () => {
    const { phone: main, serial } = await connectedPhone();
    const follower = host.fleet.create();
    clock.advance(BOOT_MS);
    expect((await adb.on(serial, ['install', GOLD_MINER_APK])).code).toBe(0);
    await follower.install(GOLD_MINER_APK, statSync(GOLD_MINER_APK).size);
    const syncId = 'sync-adb';
    const syncing = { kind: 'syncing', holder: syncId, expiresAt: clock.now() + 60_000 } as const;
    host.applyPhoneStates([
      {
        instanceNo: main.instanceNo,
        version: 2,
        locks: [syncing],
        sync: { syncId, main: true, paused: false, peers: [] },
        adb: endpointOf(main.instanceNo),
      },
      {
        instanceNo: follower.instanceNo,
        version: 1,
        locks: [syncing],
        sync: { syncId, main: false, paused: false, peers: [] },
      },
    ]);
    const start = await adb.on(serial, ['shell', 'am', 'start', '-n', 'com.example.miner/.MainActivity']);
    expect(start.code).toBe(0);
    expect([main.state.screenStack.at(-1), follower.state.screenStack.at(-1)]).toEqual([
      'app:com.example.miner',
      'app:com.example.miner',
    ]);
    expect((await adb.on(serial, ['shell', 'am', 'force-stop', 'com.example.miner'])).code).toBe(0);
    expect([main.state.screenStack, follower.state.screenStack]).toEqual([['launcher'], ['launcher']]);
  });
});

describe('locks and the power decision', () => {
  it('refuses input tap and reboot on a phone being cloned; nothing reaches the phone', async () => {
    const { phone, serial } = await connectedPhone();
    host.applyPhoneStates([
      {
        instanceNo: phone.instanceNo,
        version: 2,
        locks: [{ kind: 'cloning', holder: 'clone:1', expiresAt: clock.now() + 60_000 }],
        adb: endpointOf(phone.instanceNo),
      },
    ]);
    const tap = await adb.on(serial, ['shell', 'input', 'tap', '450', '444']);
    expect(tap.code).toBe(1);
    expect(tap.stderr).toContain('Current device is being cloned');
    expect((await adb.on(serial, ['shell', 'reboot'])).code).toBe(1);
    expect((await adb.on(serial, ['reboot'])).code).not.toBe(0);
    expect(phone.state.screenStack).toEqual(['launcher']);
    expect(phone.status()).toBe('online');
    expect(powerAsked.filter((r) => r.instanceNo === phone.instanceNo)).toEqual([]);
  });

  it('reboots through the control plane with the owner key, and the adb session ends as a handset’s does', async () => {
    const { phone, serial } = await connectedPhone();
    expect((await adb.on(serial, ['reboot'])).code).toBe(0);
    expect(powerAsked.filter((r) => r.instanceNo === phone.instanceNo)).toEqual([
      { accessKey: expect.any(String), instanceNo: phone.instanceNo, action: 'restart' },
    ]);
    expect(phone.status()).toBe('restarting');
    await until(() => host.adb.connectionCount(phone.instanceNo) === 0);
    // Back up, the phone takes adb's reconnection, as a handset does after its reboot.
    clock.advance(TASK_DURATION_MS.reboot);
    await adb.on(serial, ['wait-for-device']);
    expect((await adb.on(serial, ['shell', 'getprop', 'sys.boot_completed'])).text).toBe('1\n');
  });
});
