import { AndroidDriver } from './android/android-driver';
import type { PhoneDriverFactory } from './phone-driver';

/** The phone drivers a host can run (issue 50): a new one is added here. */
export const PHONE_DRIVERS = ['virtual', 'android'] as const;
export type PhoneDriverName = (typeof PHONE_DRIVERS)[number];

/**
 * The host's driver from its environment (`PHONE_DRIVER`), for a standalone host and the server's
 * embedded one alike: undefined is the virtual phones, the host's own default. `android` takes
 * `ANDROID_DEVICES` (comma-separated adb serials or `host:port`), `SCRCPY_SERVER` (the server file)
 * and `ADB_SERVER` (`host:port` of the machine's adb server, for serials). A setting that does not
 * parse stops the host.
 */
export function phoneDriverFrom(env: NodeJS.ProcessEnv, dataDir: string): PhoneDriverFactory | undefined {
  const name = env.PHONE_DRIVER || 'virtual';
  if (!(PHONE_DRIVERS as readonly string[]).includes(name))
    throw new Error(`PHONE_DRIVER=${name}: the drivers are ${PHONE_DRIVERS.join(', ')}`);
  if (name === 'virtual') return undefined;
  const devices = (env.ANDROID_DEVICES ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  if (devices.length === 0) throw new Error('PHONE_DRIVER=android needs ANDROID_DEVICES (adb serials or host:port)');
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
