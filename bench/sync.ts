/**
 * bench/sync — sync control's replay on the host (issue 26), on loopback: one main and 19 followers
 * on a standalone device host, the main driven over its stream with a key of the session. For each
 * input on the main (a clipboard paste, which every phone reports back at once), the time until each
 * follower's stream tells its phone changed by it — applied on the host — as p50 / p95 / max over
 * all followers and inputs, and the host's CPU meanwhile. Baseline of the same run: the same input
 * on the main alone, until the main's own stream tells of it. Prints a table and writes
 * bench/results/sync.json.
 *
 *   npx tsx bench/sync.ts [--inputs 60] [--gap 500]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import type { HostPhoneState } from '@cloudphone/contracts/host-api';
import { cpuSeconds, hostApi, startHost, type HostProcess } from './support/host-process';
import { median, percentile } from './support/stats';
import { openViewer, streamUrl } from './support/stream-client';

const { values } = parseArgs({
  options: { inputs: { type: 'string', default: '60' }, gap: { type: 'string', default: '500' } },
});
const INPUTS = Number(values.inputs);
/** Between inputs, as a person leaves: each phone redraws what the input changed before the next. */
const GAP_MS = Number(values.gap);
const PHONES = 20;
const SYNC_ID = 'sync-00000000-0000-4000-8000-000000000026';
const root = resolve(import.meta.dirname, '..');

/** A stream of `instanceNo` as its owner (JPEG at the auto definition), in the session or not. */
const openStream = (host: HostProcess, instanceNo: string, syncId?: string) =>
  openViewer(streamUrl(host, instanceNo, { codec: 'jpeg', syncId }));

/** When each socket next tells of the clipboard text `text` (ms since `started`). */
function whenPasted(sockets: WebSocket[], text: string, started: number): Promise<number[]> {
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise<number>((resolveAt) => {
          const listen = (data: WebSocket.RawData, binary: boolean) => {
            if (binary) return;
            const message = JSON.parse(data.toString()) as { type: string; text?: string };
            if (message.type !== 'clipboard' || message.text !== text) return;
            socket.off('message', listen);
            resolveAt(performance.now() - started);
          };
          socket.on('message', listen);
        }),
    ),
  );
}

const host = await startHost(PHONES);
const instances = (await hostApi<{ instanceNo: string }[]>(host, 'GET', '/host-api/instances')).map(
  (i) => i.instanceNo,
);
const [mainNo, ...followerNos] = instances;
// The session as the server tells it: every phone holds its syncing lock; the first is the main.
const expiresAt = Date.now() + 3_600_000;
const states: HostPhoneState[] = instances.map((instanceNo, i) => ({
  instanceNo,
  version: 1_000_000,
  locks: [{ kind: 'syncing', holder: SYNC_ID, expiresAt }],
  sync: { syncId: SYNC_ID, main: i === 0, paused: false },
}));
await hostApi(host, 'POST', '/host-api/phone-states', JSON.stringify({ phones: states }));

const main = await openStream(host, mainNo!, SYNC_ID);
const followers = await Promise.all(followerNos.map((no) => openStream(host, no)));

const replayed: number[] = [];
const mainOwn: number[] = [];
let cpuBefore = 0;
let wallBefore = 0;
// Three inputs first, uncounted: the phones' first redraws warm the host up.
for (let i = -3; i < INPUTS; i++) {
  if (i === 0) {
    cpuBefore = cpuSeconds(host.pid);
    wallBefore = performance.now();
  }
  const text = `sync ${i} ${Date.now()}`;
  const started = performance.now();
  const seen = Promise.all([whenPasted([main], text, started), whenPasted(followers, text, started)]);
  main.send(JSON.stringify({ type: 'clipboard-set', text }));
  const [[own], each] = await seen;
  if (i >= 0) {
    mainOwn.push(own!);
    replayed.push(...each);
  }
  await new Promise((r) => setTimeout(r, GAP_MS));
}
const cpu = (cpuSeconds(host.pid) - cpuBefore) / ((performance.now() - wallBefore) / 1000);

const round = (ms: number) => Math.round(ms * 10) / 10;
const figures = {
  phones: PHONES,
  inputs: INPUTS,
  followerMs: { p50: round(median(replayed)), p95: round(percentile(replayed, 95)), max: round(Math.max(...replayed)) },
  mainAloneMs: { p50: round(median(mainOwn)), p95: round(percentile(mainOwn, 95)) },
  ratioP95: round(percentile(replayed, 95) / percentile(mainOwn, 95)),
  hostCpuCores: Math.round(cpu * 100) / 100,
};
console.table({
  'follower applied (ms)': figures.followerMs,
  'main alone (ms, baseline)': figures.mainAloneMs,
});
console.log(
  `p95 ${figures.followerMs.p95} ms for ${PHONES - 1} followers (target ≤ 50 ms), ${figures.ratioP95}× the main alone; host CPU ${figures.hostCpuCores} cores`,
);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/sync.json'), JSON.stringify(figures, null, 2));
main.close();
for (const socket of followers) socket.close();
await host.stop();
