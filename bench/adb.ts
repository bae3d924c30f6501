/**
 * bench/adb — ADB to a cloud phone (issue 35), with Debian's adb 29 against a real device host on
 * loopback: `adb push` of a 100 MB file into the phone's Files, against the same transfer over the
 * host's HTTP API as the in-run baseline (a push task: the host fetches the file from a URL, as it
 * fetches the control plane's, and puts it in Files); and the shell's round trip, the median of
 * `adb shell echo`, against `adb get-state` (adb's own client → server round trip, which every adb
 * command pays before it reaches the phone). Medians of several runs; prints a table and writes
 * bench/results/adb.json.
 *
 *   npx tsx bench/adb.ts [--runs 3] [--mb 100] [--pings 20]
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { BOOT_MS, DeviceHost, deviceHostPlugin } from '@cloudphone/device-host';
import { median } from './support/stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    mb: { type: 'string', default: '100' },
    pings: { type: 'string', default: '20' },
  },
});
const RUNS = Number(values.runs);
const BYTES = Number(values.mb) * 1024 * 1024;
const PINGS = Number(values.pings);
const root = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

const work = mkdtempSync(join(tmpdir(), 'cloudphone-bench-adb-'));
const adbEnv = { ...process.env, HOME: work, ANDROID_ADB_SERVER_PORT: String(await freePort()) };

/** Runs adb; its stdout, or throws with what it said. */
function adb(...args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('adb', args, { env: adbEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => (code === 0 ? done(out) : fail(new Error(`adb ${args.join(' ')}: ${out}`))));
  });
}

/** A file of `BYTES` random bytes, different for every run: neither path may find it cached by its hash. */
function makeFile(name: string): { path: string; sha256: string } {
  const bytes = randomBytes(BYTES);
  const path = join(work, name);
  writeFileSync(path, bytes);
  return { path, sha256: createHash('sha256').update(bytes).digest('hex') };
}

const mbPerSecond = (ms: number) => BYTES / 1024 / 1024 / (ms / 1000);

const hostKey = randomBytes(32).toString('hex');
mkdirSync(join(work, 'host'));
const host = new DeviceHost({ dataDir: join(work, 'host'), hostKey, ffmpeg: null });
host.startTasks();
const app = Fastify();
await app.register(deviceHostPlugin, { host });
const hostUrl = await app.listen({ port: 0, host: '127.0.0.1' });
/** Where the host fetches a pushed file from, as it fetches the control plane's signed URLs. */
const served = new Map<string, string>();
const source = createHttpServer((request, reply) => {
  const file = served.get(request.url ?? '');
  if (!file) return reply.writeHead(404).end();
  reply.writeHead(200, { 'content-length': BYTES });
  createReadStream(file).pipe(reply);
});
await new Promise<void>((done) => source.listen(0, '127.0.0.1', done));
const sourcePort = (source.address() as { port: number }).port;

/** A push over the host API, signed as the control plane signs it; done when the file is in Files. */
async function pushOverHttp(instanceNo: string, run: number): Promise<number> {
  const { path, sha256 } = makeFile(`http-${run}.bin`);
  served.set(`/${sha256}`, path);
  const body = JSON.stringify({
    taskId: randomUUID(),
    sha256,
    name: `http-${run}.bin`,
    size: BYTES,
    kind: 'file',
    install: false,
    source: `http://127.0.0.1:${sourcePort}/${sha256}`,
  });
  const apiPath = `/host-api/instances/${instanceNo}/pushes`;
  const time = String(Date.now());
  const started = performance.now();
  const reply = await fetch(`${hostUrl}${apiPath}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-host-time': time,
      'x-host-signature': signSdkRequest(hostKey, 'POST', apiPath, time, body),
    },
  });
  if (!reply.ok) throw new Error(`host API answered ${reply.status}`);
  await host.pushes.idle();
  const ms = performance.now() - started;
  if (!host.fleet.get(instanceNo)?.state.files.some((f) => f.name === `http-${run}.bin`))
    throw new Error('the HTTP push did not reach Files');
  rmSync(path);
  return ms;
}

async function pushOverAdb(serial: string, instanceNo: string, run: number): Promise<number> {
  const { path } = makeFile(`adb-${run}.bin`);
  const started = performance.now();
  await adb('-s', serial, 'push', path, '/sdcard/');
  const ms = performance.now() - started;
  if (!host.fleet.get(instanceNo)?.state.files.some((f) => f.name === `adb-${run}.bin`))
    throw new Error('the adb push did not reach Files');
  rmSync(path);
  return ms;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

try {
  const phone = host.fleet.create();
  await new Promise((done) => setTimeout(done, BOOT_MS + 100));
  await adb('start-server');
  const publicKey = readFileSync(join(work, '.android', 'adbkey.pub'), 'utf8');
  await host.adb.set(phone.instanceNo, { port: 0, publicKeys: [publicKey] });
  const serial = `127.0.0.1:${host.adb.port(phone.instanceNo)}`;
  await adb('connect', serial);
  await adb('-s', serial, 'wait-for-device');

  const adbMs: number[] = [];
  const httpMs: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    adbMs.push(await pushOverAdb(serial, phone.instanceNo, run));
    httpMs.push(await pushOverHttp(phone.instanceNo, run));
    console.log(
      `run ${run}: adb push ${mbPerSecond(adbMs.at(-1)!).toFixed(0)} MB/s, host API ${mbPerSecond(httpMs.at(-1)!).toFixed(0)} MB/s`,
    );
  }
  const shellMs: number[] = [];
  const stateMs: number[] = [];
  for (let ping = 0; ping < PINGS; ping++) {
    shellMs.push(await timed(() => adb('-s', serial, 'shell', 'echo', 'ping')));
    stateMs.push(await timed(() => adb('-s', serial, 'get-state')));
  }

  const figures = {
    runs: RUNS,
    megabytes: BYTES / 1024 / 1024,
    adbPushMs: median(adbMs),
    adbPushMBps: mbPerSecond(median(adbMs)),
    hostApiPushMs: median(httpMs),
    hostApiPushMBps: mbPerSecond(median(httpMs)),
    shellEchoMs: median(shellMs),
    adbGetStateMs: median(stateMs),
  };
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(`\nbench/adb — ${RUNS} runs of ${figures.megabytes} MB, ${PINGS} pings, loopback (medians)\n`);
  console.log(['measure', 'median', 'baseline', 'ratio'].join(' | '));
  console.log(
    [
      `adb push ${figures.megabytes} MB into Files`,
      `${figures.adbPushMBps.toFixed(0)} MB/s (${figures.adbPushMs.toFixed(0)} ms)`,
      `host API push ${figures.hostApiPushMBps.toFixed(0)} MB/s (${figures.hostApiPushMs.toFixed(0)} ms)`,
      `${ratio(figures.adbPushMBps, figures.hostApiPushMBps)} the throughput`,
    ].join(' | '),
  );
  console.log(
    [
      'adb shell echo (the whole command)',
      `${figures.shellEchoMs.toFixed(1)} ms`,
      `adb get-state ${figures.adbGetStateMs.toFixed(1)} ms`,
      ratio(figures.shellEchoMs, figures.adbGetStateMs),
    ].join(' | '),
  );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/adb.json'),
    JSON.stringify({ ...figures, samples: { adbMs, httpMs, shellMs, stateMs } }, null, 2),
  );
} finally {
  await adb('kill-server').catch(() => undefined);
  await app.close();
  source.close();
  rmSync(work, { recursive: true, force: true });
}
