import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessHostApi } from '../src/host-api/host-api-handlers';
import { AndroidDriver } from '../src/drivers/android/android-driver';
import type { AndroidPhone } from '../src/drivers/android/android-phone';
import { NoFreeDevice, type HostServices, type PhoneChange } from '../src/drivers/phone-driver';
import { DeviceHost } from '../src/host';
import { startScrcpyDouble, type ScrcpyDouble } from '../testing/scrcpy-double/scrcpy-double';

/**
 * What the Android driver does with its devices (issue 60), against the scrcpy double: a phone per
 * device, kept on it across a restart, and input, text, keys and the clipboard through scrcpy's
 * control socket to the device — the double applies them to its virtual phones, where they are read.
 */
let double: ScrcpyDouble;
const files = mkdtempSync(join(tmpdir(), 'cloudphone-android-'));
const serverFile = join(files, 'scrcpy-server.jar');
writeFileSync(serverFile, 'scrcpy-server 3.3.3');

beforeAll(async () => {
  double = await startScrcpyDouble(2, { ffmpeg: null });
});
afterAll(async () => {
  await double.close();
  rmSync(files, { recursive: true, force: true });
});

const driverFor = (dataDir: string) => (services: HostServices) =>
  new AndroidDriver(services, { devices: double.addresses, serverFile, dataDir });
/** A host of the double's devices, keeping what it keeps in `dataDir`, once its devices answered. */
const hostOn = async (dataDir: string) => {
  const host = new DeviceHost<AndroidDriver>({
    dataDir,
    hostKey: randomBytes(32).toString('hex'),
    driver: driverFor(dataDir),
  });
  await host.fleet.ready();
  return host;
};
/** The double's own phone behind the Android phone: what the device shows and keeps. */
const deviceOf = (phone: AndroidPhone) =>
  double.host.fleet.require(double.devices[double.addresses.indexOf(phone.device.serial)]!.instanceNo);
const until = async (check: () => boolean, withinMs = 3_000) => {
  const deadline = Date.now() + withinMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 30));
  expect(check()).toBe(true);
};

describe('the Android driver', () => {
  it('runs a phone per device: its capacity is its devices, and one more is refused as stock short', async () => {
    const dataDir = mkdtempSync(join(files, 'host-'));
    const host = await hostOn(dataDir);
    expect(host.capacity).toBe(2);
    const api = inProcessHostApi(host);
    for (const instanceNo of ['cp-0000000000a1', 'cp-0000000000a2'])
      expect(await api('createInstance', {}, { instanceNo })).toMatchObject({ data: { instanceNo } });
    expect(() => host.fleet.create({ instanceNo: 'cp-0000000000a3' })).toThrow(NoFreeDevice);
    expect(await api('createInstance', {}, { instanceNo: 'cp-0000000000a3' })).toEqual({ refused: 'stockShortage' });
    const devices = host.fleet.list().map((phone) => phone.device.serial);
    host.close();

    // Started again, each phone is on the device it was made on.
    const again = await hostOn(dataDir);
    expect(again.fleet.list().map((phone) => phone.device.serial)).toEqual(devices);
    expect(again.fleet.require('cp-0000000000a1').status()).toBe('online');
    again.close();
  });

  it('types, presses keys and taps through the control socket; the clipboard goes both ways; the keyboard and the app in front follow', async () => {
    const host = await hostOn(':memory:');
    const phone = host.fleet.create();
    const device = deviceOf(phone);
    const heard: PhoneChange[] = [];
    const stop = phone.subscribe((change) => heard.push(change));

    phone.key('home');
    phone.tap(0.625, 0.347); // the launcher's Notes
    await until(() => device.state.notes !== undefined && device.textFieldFocused());
    // The device's keyboard is up: the phone says a text field has focus (its viewers raise theirs).
    await until(() => phone.textFieldFocused());
    // And which app is in front, whose key map its viewers play (issue 65).
    await until(() => phone.foregroundPackage() === 'com.cloudphone.notes');
    phone.typeText('hello 世界');
    await until(() => device.state.notes.endsWith('hello 世界'));

    phone.setClipboard('from the viewer');
    await until(() => device.clipboard === 'from the viewer');
    device.setClipboard('from the device');
    await until(() => phone.clipboard === 'from the device');
    expect(heard).toContainEqual({ type: 'clipboard', text: 'from the device' });
    stop();
    host.close();
  });

  it('wipes a device given back of its apps and files before it takes the next phone', async () => {
    const host = await hostOn(':memory:');
    const phone = host.fleet.create();
    const app = await phone.install(GOLD_MINER_APK, statSync(GOLD_MINER_APK).size);
    const bytes = Buffer.from('left behind');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await host.blobs.fetch(
      sha256,
      bytes.length,
      async () => Readable.from([bytes]),
      () => undefined,
    );
    await phone.placeFile({ name: 'left.txt', size: bytes.length, time: Date.now(), sha256 });
    const device = deviceOf(phone);
    expect(device.state.apps.map((a) => a.packageName)).toContain(app.packageName);

    await host.fleet.release(phone.instanceNo);
    expect(device.state.apps.map((a) => a.packageName)).not.toContain(app.packageName);
    expect(device.files().map((f) => f.name)).not.toContain('left.txt');
    expect(host.fleet.create().device).toBe(phone.device);
    host.close();
  });

  it('restarts a device as a task, restarting until it is back; a device that stops is offline within 10 s, and back online', async () => {
    const host = await hostOn(':memory:');
    const phone = host.fleet.create();
    const task = host.fleet.reboot(phone.instanceNo, 'reboot-android-1');
    expect(phone.status()).toBe('restarting');
    await until(() => host.fleet.task(task.id)?.status === 'success', 15_000);
    expect(phone.status()).toBe('online');

    const n = double.addresses.indexOf(phone.device.serial);
    double.stop(n);
    await until(() => phone.status() === 'offline', 10_000);
    double.start(n);
    await until(() => phone.status() === 'online', 10_000);
    host.close();
  }, 40_000);
});
