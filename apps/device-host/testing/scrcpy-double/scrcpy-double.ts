import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { AdbConnection } from '../../src/adb/adb-connection';
import { DeviceHost } from '../../src/host';
import { BOOT_MS } from '../../src/phones/tasks';
import type { Ffmpeg } from '../../src/stream/ffmpeg';
import { ScrcpyDeviceDouble } from './scrcpy-device';

/** What the double's devices' screens are. */
export const DEVICE_DISPLAY = { width: 720, height: 1280, dpi: 320 };

export interface ScrcpyDouble {
  /** Each device's adbd, `127.0.0.1:<port>` as a redroid container's (what `ANDROID_DEVICES` lists). */
  readonly addresses: string[];
  readonly devices: ScrcpyDeviceDouble[];
  /** The double's own host: its virtual phones are the devices' screens. */
  readonly host: DeviceHost;
  /** Device `n` stops (a container stopped, a cable pulled): its connections close, and none is taken. */
  stop(n: number): void;
  /** Device `n` is back. */
  start(n: number): void;
  close(): Promise<void>;
}

/**
 * The device side of Android phones for the tests (issue 60): `count` devices, each a virtual phone
 * behind an adbd on a port of its own, insecure as a redroid container's, that runs the scrcpy server
 * when asked. It proves our side of the protocol only: the device side is written from scrcpy's
 * documents and sources (docs/android.md), not from a device.
 */
export async function startScrcpyDouble(
  count: number,
  options: { ffmpeg?: Ffmpeg | null } = {},
): Promise<ScrcpyDouble> {
  // Devices are handsets already on: the double's clock runs a boot ahead once its phones are made.
  let ahead = 0;
  const clock = { now: () => Date.now() + ahead };
  const host = new DeviceHost({ dataDir: ':memory:', hostKey: randomBytes(32).toString('hex'), clock, ...options });
  const devices = Array.from(
    { length: count },
    () => new ScrcpyDeviceDouble(host, host.fleet.create({ display: DEVICE_DISPLAY }).instanceNo),
  );
  ahead = BOOT_MS;
  // A device is its own: its adb's writes and reboots are granted (no control plane behind it to ask).
  host.controlPlane = {
    power: async ({ instanceNo, action }) => ({
      taskId: (action === 'restart' ? host.fleet.reboot(instanceNo) : host.fleet.reset(instanceNo)).id,
    }),
    lock: async ({ action, ttlMs }) => ({ expiresAt: action === 'release' ? null : Date.now() + ttlMs }),
  };
  const servers: Server[] = [];
  const connections = new Map<AdbConnection, number>();
  const addresses = await Promise.all(
    devices.map(
      (device, n) =>
        new Promise<string>((resolve) => {
          const server = createServer((socket) => {
            const connection = new AdbConnection(socket, {
              driver: () => device,
              keys: () => [],
              caller: () => ({ connection: `double-${n}`, accessKey: 'device' }),
              signInMs: 10_000,
              insecure: true,
            });
            connections.set(connection, n);
            socket.on('close', () => connections.delete(connection));
          });
          servers.push(server);
          server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            resolve(`127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
          });
        }),
    ),
  );
  return {
    addresses,
    devices,
    host,
    stop: (n) => {
      devices[n]!.switchedOff = true;
      for (const [connection, of] of connections) if (of === n) connection.close();
    },
    start: (n) => {
      devices[n]!.switchedOff = false;
    },
    close: async () => {
      for (const connection of connections.keys()) connection.close();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      host.close();
    },
  };
}
