import { existsSync, readFileSync } from 'node:fs';
import { AndroidDriver } from './android/android-driver';
import type { PhoneDriverFactory } from './phone-driver';

/** The phone drivers a host can run (issue 50): a new one is added here. */
export const PHONE_DRIVERS = ['virtual', 'android'] as const;
export type PhoneDriverName = (typeof PHONE_DRIVERS)[number];

/**
 * The host's driver from its environment (`PHONE_DRIVER`), for a standalone host and the server's
 * embedded one alike: undefined is the virtual phones, the host's own default. `android` takes
 * `ANDROID_DEVICES` (comma-separated adb serials or `host:port`, or `@file` of one a line, read again
 * as it changes: a device added there is new capacity), `SCRCPY_SERVER` (the server file) and
 * `ADB_SERVER` (`host:port` of the machine's adb server, for serials). A setting that does not parse
 * stops the host.
 */
export function phoneDriverFrom(env: NodeJS.ProcessEnv, dataDir: string): PhoneDriverFactory | undefined {
  const name = env.PHONE_DRIVER || 'virtual';
  if (!(PHONE_DRIVERS as readonly string[]).includes(name))
    throw new Error(`PHONE_DRIVER=${name}: the drivers are ${PHONE_DRIVERS.join(', ')}`);
  if (name === 'virtual') return undefined;
  const listed = env.ANDROID_DEVICES ?? '';
  const file = listed.startsWith('@') ? listed.slice(1) : undefined;
  const devices = file ? () => devicesIn(file) : devicesIn(listed, ',');
  if (!file && devices.length === 0)
    throw new Error('PHONE_DRIVER=android needs ANDROID_DEVICES (adb serials or host:port, or @file)');
  if (!env.SCRCPY_SERVER) throw new Error('PHONE_DRIVER=android needs SCRCPY_SERVER (the scrcpy server file)');
  const [host = '127.0.0.1', port = '5037'] = (env.ADB_SERVER ?? '').split(':').filter(Boolean);
  return (services) =>
    new AndroidDriver(services, {
      devices,
      serverFile: env.SCRCPY_SERVER!,
      adbServer: { host, port: Number(port) },
      dataDir,
    });
}

/** The devices a list names: `text` cut at `separator`, or a file's lines (`#` comments; none while it is absent). */
function devicesIn(text: string, separator?: string): string[] {
  const lines = separator ? text.split(separator) : existsSync(text) ? readFileSync(text, 'utf8').split('\n') : [];
  return lines.map((line) => line.replace(/#.*/, '').trim()).filter(Boolean);
}
