/**
 * bench/android — what an Android phone costs its host (issue 61): host CPU while `--phones` phones
 * are each watched by one viewer and tapped ten times a second, for Android phones (the device
 * encodes; the host passes its H.264 on) against the same number of virtual phones in the same run
 * (the host draws and encodes each: the baseline), and for the Android phones left unwatched (each
 * device's control server and health check). The devices are the scrcpy double's, in a process of
 * its own that is not counted: a real device's encoder runs on the device. Phones per core is one
 * core over a watched phone's share. Medians of `--rounds`; prints a table and writes
 * bench/results/android.json.
 *
 *   npx tsx bench/android.ts [--rounds 3] [--phones 4]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import { cpuShare, hostApi, startHost, type HostProcess } from './support/host-process';
import { median } from './support/stats';
import { openViewer, streamUrl } from './support/stream-client';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, phones: { type: 'string', default: '4' } },
});
const ROUNDS = Number(values.rounds);
const PHONES = Number(values.phones);
const root = resolve(import.meta.dirname, '..');
const loadBefore = loadavg();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Settings from home, then home again: every tap changes the screen. */
const tap = (i: number) =>
  JSON.stringify({ type: 'tap', ...(i % 2 === 0 ? { x: 0.125, y: 0.347 } : { x: 0.5, y: 0.975 }) });

/** The scrcpy double's devices, in a process of their own: their addresses once they listen. */
async function startDevices(count: number): Promise<{ addresses: string[]; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/device-host/testing/scrcpy-double/main.ts', String(count)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  process.once('exit', () => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines)
    if (line.startsWith('{'))
      return { addresses: (JSON.parse(line) as { addresses: string[] }).addresses, stop: () => child.kill('SIGTERM') };
  throw new Error('the scrcpy double did not start');
}

/**
 * Host CPU (a share of one core) while each of the host's phones is watched and tapped ten times a
 * second, and the frames a viewer got per second (the screens did change).
 */
async function watchedCpu(host: HostProcess): Promise<{ cpu: number; fps: number }> {
  const phones = await hostApi<{ instanceNo: string }[]>(host, 'GET', '/host-api/instances');
  const sockets: WebSocket[] = [];
  for (const phone of phones) sockets.push(await openViewer(streamUrl(host, phone.instanceNo)));
  await pause(1000);
  let frames = 0;
  for (const socket of sockets) socket.on('message', (_data, binary) => binary && frames++);
  const cpu = cpuShare(host.pid, 5000);
  for (let i = 0; i < 50; i++) {
    for (const socket of sockets) socket.send(tap(i));
    await pause(100);
  }
  const share = await cpu;
  for (const socket of sockets) socket.close();
  await pause(500);
  return { cpu: share, fps: frames / sockets.length / 5 };
}

const serverFile = join(mkdtempSync(join(tmpdir(), 'cloudphone-bench-scrcpy-')), 'scrcpy-server.jar');
writeFileSync(serverFile, 'scrcpy-server 3.3.3');
const devices = await startDevices(PHONES);
const rounds: {
  virtualWatched: number;
  androidWatched: number;
  androidIdle: number;
  virtualFps: number;
  androidFps: number;
}[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const virtual = await startHost(PHONES);
  await pause(3500); // boot
  const { cpu: virtualWatched, fps: virtualFps } = await watchedCpu(virtual);
  await virtual.stop();
  const android = await startHost(PHONES, {
    PHONE_DRIVER: 'android',
    ANDROID_DEVICES: devices.addresses.join(','),
    SCRCPY_SERVER: serverFile,
  });
  await pause(2000); // its devices connect
  const androidIdle = await cpuShare(android.pid, 5000);
  const { cpu: androidWatched, fps: androidFps } = await watchedCpu(android);
  await android.stop();
  rounds.push({ virtualWatched, androidWatched, androidIdle, virtualFps, androidFps });
}
devices.stop();

const pick = (key: keyof (typeof rounds)[number]) => median(rounds.map((round) => round[key]));
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const perPhone = { android: pick('androidWatched') / PHONES, virtual: pick('virtualWatched') / PHONES };
const results = {
  phones: PHONES,
  rounds: ROUNDS,
  load: { before: loadBefore, after: loadavg() },
  hostCpuWatched: { android: pick('androidWatched'), virtual: pick('virtualWatched') },
  hostCpuPerWatchedPhone: perPhone,
  androidToVirtual: perPhone.android / perPhone.virtual,
  hostCpuAndroidIdle: pick('androidIdle'),
  framesPerSecondPerViewer: { android: pick('androidFps'), virtual: pick('virtualFps') },
  watchedPhonesPerCore: { android: 1 / perPhone.android, virtual: 1 / perPhone.virtual },
};
console.log(
  `load ${loadBefore.map((l) => l.toFixed(2)).join(' / ')} before; ${PHONES} phones, medians of ${ROUNDS} rounds`,
);
console.table({
  'host CPU, every phone watched and tapped': {
    android: percent(results.hostCpuWatched.android),
    virtual: percent(results.hostCpuWatched.virtual),
  },
  'per watched phone': { android: percent(perPhone.android), virtual: percent(perPhone.virtual) },
  'watched phones per core': {
    android: results.watchedPhonesPerCore.android.toFixed(0),
    virtual: results.watchedPhonesPerCore.virtual.toFixed(1),
  },
  'frames a viewer got per second': {
    android: results.framesPerSecondPerViewer.android.toFixed(1),
    virtual: results.framesPerSecondPerViewer.virtual.toFixed(1),
  },
  'host CPU, nobody watching': { android: percent(results.hostCpuAndroidIdle), virtual: '' },
});
console.log(`android ÷ virtual per watched phone: ${results.androidToVirtual.toFixed(2)}×`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/android.json'), JSON.stringify(results, null, 2));
