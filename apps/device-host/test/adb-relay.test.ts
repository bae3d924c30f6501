import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { errorMessage } from '@cloudphone/contracts/errors';
import { AndroidDriver } from '../src/drivers/android/android-driver';
import type { AndroidPhone } from '../src/drivers/android/android-phone';
import { DeviceHost } from '../src/host';
import { AdbClient } from '../testing/adb-client';
import { startScrcpyDouble, type ScrcpyDouble } from '../testing/scrcpy-double/scrcpy-double';
import { adbEndpointOf, fakeClock, standaloneControlPlane, type ControlPlaneAsked } from './support';

/**
 * Debian's adb through our front door to an Android phone (issue 61): the door signs the client in
 * with the owner's key, and behind it the device's own adbd (here the scrcpy double's) answers what
 * the access table and the phone's locks let through — the relay, not our emulated daemon.
 */
const clock = fakeClock(Date.now());
const hostKey = randomBytes(32).toString('hex');
const files = mkdtempSync(join(tmpdir(), 'cloudphone-adb-relay-'));
const serverFile = join(files, 'scrcpy-server.jar');
writeFileSync(serverFile, 'scrcpy-server 3.3.3');
const asked: ControlPlaneAsked = { power: [], locks: [] };
const { power: powerAsked, locks: locksAsked } = asked;
let double: ScrcpyDouble;
let host: DeviceHost<AndroidDriver>;
let adb: AdbClient;
let phone: AndroidPhone;
let serial: string;

beforeAll(async () => {
  double = await startScrcpyDouble(1, { ffmpeg: null });
  host = new DeviceHost<AndroidDriver>({
    dataDir: ':memory:',
    hostKey,
    clock,
    ffmpeg: null,
    driver: (services) => new AndroidDriver(services, { devices: double.addresses, serverFile, dataDir: ':memory:' }),
  });
  host.controlPlane = standaloneControlPlane(host, asked, clock.now);
  host.startTasks();
  await host.fleet.ready();
  adb = await AdbClient.start();
  phone = host.fleet.create();
  applyState([]);
  while (host.adb.port(phone.instanceNo) === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
  serial = `127.0.0.1:${host.adb.port(phone.instanceNo)}`;
  await adb.run(['connect', serial]);
}, 30_000);
afterAll(async () => {
  await adb.stop();
  host.close();
  await double.close();
  rmSync(files, { recursive: true, force: true });
}, 20_000);

let version = 1;
function applyState(locks: { kind: 'transferring'; holder: string; expiresAt: number }[]): void {
  const adbEndpoint = adbEndpointOf(hostKey, clock, phone.instanceNo, adb.publicKey);
  host.applyPhoneStates([{ instanceNo: phone.instanceNo, version: version++, locks, adb: adbEndpoint }]);
}

/** The double's own phone behind ours: what the device keeps. */
const device = () => double.host.fleet.require(double.devices[0]!.instanceNo);

describe('adb to an Android phone, relayed to its device', () => {
  it('answers getprop with the device’s own model, and lists it under that model', async () => {
    const model = device().facts().identity.model;
    const answer = await adb.on(serial, ['shell', 'getprop', 'ro.product.model']);
    expect(answer.stdout.toString().trim()).toBe(model);
    expect((await adb.run(['devices', '-l'])).text).toContain(`model:${model.replace(/[^A-Za-z0-9]/g, '_')} `);
  });

  it('pushes into the phone’s Files and installs an APK with its label, holding the phone while it writes', async () => {
    const local = join(files, 'holiday.jpg');
    const bytes = randomBytes(300_000);
    writeFileSync(local, bytes);
    expect((await adb.on(serial, ['push', local, '/sdcard/'])).code).toBe(0);
    // adb closes the session once its file has landed; the phone's Files reads the device right after.
    await expect
      .poll(() => phone.files())
      .toEqual([expect.objectContaining({ name: 'holiday.jpg', size: bytes.length })]);
    expect(device().state.files.map((f) => f.name)).toEqual(['holiday.jpg']);
    const held = locksAsked.filter((l) => l.instanceNo === phone.instanceNo);
    expect(held.map((l) => [l.action, l.kind])).toEqual([
      ['take', 'pushing'],
      ['release', 'pushing'],
    ]);

    const installed = await adb.on(serial, ['install', GOLD_MINER_APK]);
    expect(installed.text).toContain('Success');
    await expect
      .poll(() => phone.device.storage.apps.map((app) => [app.packageName, app.label]))
      .toEqual([['com.example.miner', 'Gold Miner']]);
  });

  it('refuses a push and input under a transfer lock as the emulated daemon does, and still reads', async () => {
    applyState([{ kind: 'transferring', holder: 'transfer:1', expiresAt: clock.now() + 60_000 }]);
    const local = join(files, 'refused.txt');
    writeFileSync(local, 'not now');
    const pushed = await adb.on(serial, ['push', local, '/sdcard/']);
    expect(pushed.code).toBe(1);
    const busy = errorMessage('deviceBusy', 'en-US');
    expect(pushed.text).toContain(busy);
    expect(device().state.files.map((f) => f.name)).not.toContain('refused.txt');
    const tap = await adb.on(serial, ['shell', 'input', 'tap', '10', '10']);
    expect([tap.code, tap.stderr]).toEqual([1, `input: ${busy}\n`]);
    expect((await adb.on(serial, ['shell', 'getprop', 'ro.product.brand'])).stdout.toString().trim()).toBe(
      device().facts().identity.brand,
    );
    applyState([]);
  });

  it('reboots through the control plane, not by the device’s own reboot', async () => {
    expect((await adb.on(serial, ['reboot'])).code).toBe(0);
    expect(powerAsked).toEqual([{ accessKey: expect.any(String), instanceNo: phone.instanceNo, action: 'restart' }]);
  });
});
