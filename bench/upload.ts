/**
 * bench/upload — files and apps on loopback (issue 14): upload throughput of a 2 GB file on the tus
 * protocol, the server's RSS growth while it streams to disk and verifies it (the goal: at most
 * 100 MB — the file is never held in memory), and the time to push one 100 MB APK to 20 phones and
 * install it on each. Prints a table and writes bench/results/upload.json.
 *
 *   npx tsx bench/upload.ts [--gigabytes 2] [--phones 20] [--apk-mb 100]
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';
import * as files from '@cloudphone/contracts/endpoints/files/index';
import { UPLOAD_PATH } from '@cloudphone/contracts/files';
import { catalogueCall, signIn, type Parts } from '@cloudphone/e2e/api';
import { startServer, type ServerProcess } from '@cloudphone/e2e/stack';
import { writeBigApk } from './support/big-apk';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';

const { values } = parseArgs({
  options: {
    gigabytes: { type: 'string', default: '2' },
    phones: { type: 'string', default: '20' },
    'apk-mb': { type: 'string', default: '100' },
  },
});
const FILE_BYTES = Math.floor(Number(values.gigabytes) * 1024 ** 3);
const PHONES = Number(values.phones);
const APK_BYTES = Number(values['apk-mb']) * 1024 ** 2;
const root = resolve(import.meta.dirname, '..');
const MB = 1024 ** 2;
/** What tus-js-client sends per request in the web app. */
const CHUNK = 32 * MB;

/** The bytes of the big file: one pseudo-random megabyte over and over, generated as it is sent. */
const block = Buffer.alloc(MB);
for (let i = 0; i < MB; i += 4) block.writeUInt32LE(Math.imul(i, 2246822519) >>> 0, i);
function bigFile(from: number, to: number): Readable {
  let at = from;
  return new Readable({
    read() {
      if (at >= to) return this.push(null);
      const start = at % MB;
      const piece = block.subarray(start, Math.min(MB, start + (to - at)));
      at += piece.length;
      this.push(piece);
    },
  });
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function api<E extends Endpoint>(
  server: ServerProcess,
  headers: Record<string, string>,
  endpoint: E,
  parts: Parts<E> = {},
) {
  const envelope = await catalogueCall(server.baseUrl, headers)(endpoint, parts);
  if (envelope.code !== 0) throw new Error(`${endpoint.method} ${endpoint.path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** One tus PATCH of `[from, to)`, streamed; the reply's status and body. */
function patch(
  server: ServerProcess,
  location: string,
  headers: Record<string, string>,
  body: Readable,
  from: number,
  length: number,
) {
  const url = new URL(location, server.baseUrl);
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request(url, {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(from),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', fail);
    body.pipe(req);
  });
}

async function upload(
  server: ServerProcess,
  headers: Record<string, string>,
  name: string,
  kind: 'app' | 'file',
  size: number,
  open: (from: number, to: number) => Readable,
): Promise<{ fileId: number; sendMs: number; verifyMs: number }> {
  const hash = createHash('sha256');
  await pipeline(open(0, size), hash);
  const meta = (v: string) => Buffer.from(v).toString('base64');
  const created = await fetch(`${server.baseUrl}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': [
        `filename ${meta(name)}`,
        `kind ${meta(kind)}`,
        `batchId ${meta(`bench-${Date.now()}-${kind}`)}`,
        `sha256 ${meta(hash.digest('hex'))}`,
      ].join(','),
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`upload refused: ${created.status} ${await created.text()}`);
  const started = performance.now();
  let last = { status: 0, body: '' };
  let lastStart = started;
  for (let from = 0; from < size; from += CHUNK) {
    const to = Math.min(size, from + CHUNK);
    lastStart = performance.now();
    last = await patch(server, location, headers, open(from, to), from, to - from);
    if (last.status >= 300) throw new Error(`chunk at ${from} refused: ${last.status} ${last.body}`);
  }
  const finished = performance.now();
  const reply = JSON.parse(last.body) as { code: number; data: { fileId: number } };
  if (reply.code !== 0) throw new Error(`upload failed: ${last.body}`);
  // The last request also verified the checksum (and parsed a package): count its tail as verifying.
  const lastChunk = size - Math.floor((size - 1) / CHUNK) * CHUNK;
  const sendRate = (size - lastChunk) / Math.max(1, lastStart - started);
  const lastSendMs = lastChunk / sendRate;
  return {
    fileId: reply.data.fileId,
    sendMs: lastStart - started + lastSendMs,
    verifyMs: Math.max(0, finished - lastStart - lastSendMs),
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-bench-upload-'));
const server = await startServer(dataDir, { LOG_LEVEL: 'warn' });
try {
  let headers = await signIn(server.baseUrl);
  await server.admin('config:set', '--tenant', '1', '--key', 'upload.user.storage.mb', '--value', String(100 * 1024));
  const settleMs = 2_000;
  await new Promise((r) => setTimeout(r, settleMs));

  // 1. A 2 GB file: throughput, and the server's memory while it streams and verifies.
  const baseline = rssBytes(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(server.pid))), 50);
  const big = await upload(server, headers, 'big.bin', 'file', FILE_BYTES, bigFile);
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(server.pid));
  const throughput = FILE_BYTES / MB / (big.sendMs / 1000);

  // 2. One 100 MB APK pushed to 20 phones and installed on each.
  headers = await signIn(server.baseUrl);
  const have = (await api(server, headers, userPhone.list, { query: { pageSize: 100 } })).total;
  if (have < PHONES)
    await server.admin(
      'phone:give',
      '--client-no',
      'demo',
      '--mobile',
      '13800000000',
      '--count',
      String(PHONES - have),
      '--days',
      '30',
    );
  const apkPath = join(dataDir, 'game.apk');
  await writeBigApk(await readFile(GOLD_MINER_APK), APK_BYTES, apkPath);
  const apkSize = statSync(apkPath).size;
  const game = await upload(server, headers, 'game.apk', 'app', apkSize, (from, to) =>
    createReadStream(apkPath, { start: from, end: to - 1 }),
  );
  type Phone = { userPhoneId: number; status: string };
  let phones: Phone[] = [];
  for (let tries = 0; tries < 100; tries++) {
    phones = (await api(server, headers, userPhone.list, { query: { pageSize: 100 } })).list;
    if (phones.filter((p) => p.status === 'online').length >= PHONES) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const targets = phones
    .filter((p) => p.status === 'online')
    .slice(0, PHONES)
    .map((p) => p.userPhoneId);
  const pushStarted = performance.now();
  const { batchId } = await api(server, headers, files.push, {
    body: { fileIds: [game.fileId], userPhoneIds: targets, install: true },
  });
  let states: string[] = [];
  for (;;) {
    states = (await api(server, headers, files.pushPage, { query: { batchId, pageSize: 200 } })).list.map(
      (r) => r.state,
    );
    if (states.every((s) => !['waiting_push', 'pushing', 'installing'].includes(s))) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const pushMs = performance.now() - pushStarted;

  const results = {
    file: { bytes: FILE_BYTES, throughputMBps: throughput, sendMs: big.sendMs, verifyMs: big.verifyMs },
    serverRss: { baselineMB: baseline / MB, peakMB: peak / MB, growthMB: (peak - baseline) / MB, limitMB: 100 },
    push: {
      apkMB: apkSize / MB,
      phones: targets.length,
      installed: states.filter((s) => s === 'install_success').length,
      ms: pushMs,
    },
  };
  console.log('\nbench/upload (loopback, one run)\n');
  console.log(
    `  upload ${(FILE_BYTES / 1024 ** 3).toFixed(2)} GB         ${throughput.toFixed(0)} MB/s (${(big.sendMs / 1000).toFixed(1)} s), then verified in ${(big.verifyMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  server RSS             ${(baseline / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB: growth ${((peak - baseline) / MB).toFixed(0)} MB (limit 100 MB)`,
  );
  console.log(
    `  push ${(apkSize / MB).toFixed(0)} MB APK         to ${targets.length} phones, installed on ${results.push.installed}: ${(pushMs / 1000).toFixed(2)} s`,
  );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/upload.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
