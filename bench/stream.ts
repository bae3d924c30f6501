/**
 * bench/stream — the phone stream as a viewer feels it, on loopback (issues 4 and 27): time to first
 * frame and tap → changed frame in headless Chromium with the real player (and the host's part of
 * it, to a socket with no browser), bytes per second idle and while the screen changes, host CPU for
 * one phone watched by 1, 5 and 20 viewers (baseline: one viewer), and for 200 idle phones. H.264 is
 * measured against the JPEG stream as the in-run baseline. With the phone's sound on (issue 59): a
 * key's click decoded and played in the page against the frame it changes, and host CPU with it on.
 * Everything runs `--rounds` times: each figure is the median of the rounds, with their spread. Prints
 * a table and writes bench/results/stream.json.
 *
 *   npx tsx bench/stream.ts [--rounds 3] [--runs 5] [--taps 60] [--sound on|off]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import type WebSocket from 'ws';
import { CHROME_PATH, CHROMIUM_FLAGS } from '@cloudphone/e2e/chromium';
import { call, playerBundle, preparePage } from './support/browser-viewer';
import { withSound } from './support/stream-sound';
import { cpuShare, hostApi, startHost, type HostProcess } from './support/host-process';
import { median, percentile } from './support/stats';
import { nextFrame, openViewer, streamUrl } from './support/stream-client';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '5' },
    taps: { type: 'string', default: '60' },
    /** `off` leaves the sound rows out (a build before issue 59 has none). */
    sound: { type: 'string', default: 'on' },
  },
});
const ROUNDS = Number(values.rounds);
const RUNS = Number(values.runs);
const TAPS = Number(values.taps);
const VIEWERS = [1, 5, 20];
/** Connects to the phone once its feed has gone (nobody watched it for longer than a feed lingers). */
const UNWATCHED_RUNS = 3;
const FEED_GONE_MS = 3_500;
const root = resolve(import.meta.dirname, '..');
/** The machine's load at the start: a busy machine's figures are not today's build's. */
const loadBefore = loadavg();

// Every tap changes the screen: Settings from home, then home again through the gesture bar.
const SETTINGS = { x: 0.125, y: 0.347 };
const HOME = { x: 0.5, y: 0.975 };
const target = (i: number) => (i % 2 === 0 ? SETTINGS : HOME);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tapMessage = (i: number) => JSON.stringify({ type: 'tap', ...target(i) });

/** In Chromium with the real player: first frame, tap → decoded frame, bytes and host CPU idle and active. */
async function inBrowser(page: Page, host: HostProcess, instanceNo: string, codec: 'h264' | 'jpeg') {
  const url = () => streamUrl(host, instanceNo, { codec });
  const bundle = await playerBundle();
  const firstFrame: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await preparePage(page, host.url, bundle);
    firstFrame.push(await call(page, 'connect', url(), codec === 'jpeg'));
    await call(page, 'close');
  }
  // A phone nobody watches now: its feed has gone, so the host starts one (issue 58's picture ahead of
  // the first key frame counts as the first frame: the first thing the viewer sees).
  const unwatched: number[] = [];
  for (let i = 0; i < UNWATCHED_RUNS; i++) {
    await pause(FEED_GONE_MS);
    await preparePage(page, host.url, bundle);
    unwatched.push(await call(page, 'connect', url(), codec === 'jpeg'));
    await call(page, 'close');
  }
  await preparePage(page, host.url, bundle);
  await call(page, 'connect', url(), codec === 'jpeg');
  await pause(500);
  const taps: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    taps.push(await call(page, 'tapLatency', target(i).x, target(i).y));
    await pause(30);
  }
  const idleBytes0 = await call(page, 'bytes');
  const idleCpu = await cpuShare(host.pid, 5000);
  const idleBytes = ((await call(page, 'bytes')) - idleBytes0) / 5;
  const activeBytes0 = await call(page, 'bytes');
  const active = cpuShare(host.pid, 5000);
  for (let i = 0; i < 50; i++) {
    await call(page, 'tap', target(i).x, target(i).y);
    await pause(100);
  }
  const activeCpu = await active;
  const activeBytes = ((await call(page, 'bytes')) - activeBytes0) / 5;
  const sound = codec === 'h264' && values.sound === 'on' ? await withSound(page, host, SETTINGS) : undefined;
  await call(page, 'close');
  const answered = taps.filter((t) => !Number.isNaN(t));
  return {
    // The first connect finds no feed; later ones join the one the previous viewer left a moment ago.
    firstFrameColdMs: firstFrame[0] ?? NaN,
    firstFrameMs: median(firstFrame),
    firstFrameUnwatchedMs: median(unwatched),
    tapP50Ms: percentile(answered, 50),
    tapP95Ms: percentile(answered, 95),
    tapsUnanswered: taps.length - answered.length,
    idleBytesPerSecond: Math.round(idleBytes),
    activeBytesPerSecond: Math.round(activeBytes),
    hostCpuIdleViewer: idleCpu,
    hostCpuActiveViewer: activeCpu,
    ...sound,
  };
}

/** The host's part of tap → frame: until the frame's bytes reach a socket, with no browser decoding them. */
async function hostPart(host: HostProcess, instanceNo: string, codec: 'h264' | 'jpeg') {
  const socket = await openViewer(streamUrl(host, instanceNo, { codec }));
  await pause(300);
  const taps: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    const frame = nextFrame(socket);
    socket.send(tapMessage(i));
    taps.push(await frame);
    await pause(30);
  }
  socket.close();
  const answered = taps.filter((t) => !Number.isNaN(t));
  return { p50: percentile(answered, 50), p95: percentile(answered, 95) };
}

/** Host CPU while `count` viewers watch one phone whose screen changes ten times a second. */
async function cpuWithViewers(host: HostProcess, instanceNo: string, count: number): Promise<number> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i++) sockets.push(await openViewer(streamUrl(host, instanceNo)));
  await pause(500);
  const cpu = cpuShare(host.pid, 5000);
  for (let i = 0; i < 50; i++) {
    sockets[0]?.send(tapMessage(i));
    await pause(100);
  }
  const share = await cpu;
  for (const socket of sockets) socket.close();
  await pause(300);
  return share;
}

async function round(page: Page) {
  const one = await startHost(1);
  await pause(3500); // boot
  const [phone] = await hostApi<{ instanceNo: string }[]>(one, 'GET', '/host-api/instances');
  const instanceNo = phone!.instanceNo;
  const hostIdle = await cpuShare(one.pid, 3000);
  const h264 = await inBrowser(page, one, instanceNo, 'h264');
  const jpeg = await inBrowser(page, one, instanceNo, 'jpeg');
  const hostH264 = await hostPart(one, instanceNo, 'h264');
  const hostJpeg = await hostPart(one, instanceNo, 'jpeg');
  const viewers: Record<number, number> = {};
  for (const count of VIEWERS) viewers[count] = await cpuWithViewers(one, instanceNo, count);
  await one.stop();

  const fleet = await startHost(200);
  await pause(8000); // boot, and the garbage collection after it
  const idle200: number[] = [];
  for (let i = 0; i < 3; i++) idle200.push(await cpuShare(fleet.pid, 5000));
  await fleet.stop();
  return { hostIdle, h264, jpeg, hostH264, hostJpeg, viewers, idle200PhonesCpu: median(idle200) };
}

// The phone's sound plays without a click first, as in the desktop shell's windows (issue 59).
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
const rounds: Awaited<ReturnType<typeof round>>[] = [];
for (let i = 0; i < ROUNDS; i++) rounds.push(await round(page));
await browser.close();

/** One figure over the rounds: the median, and the range when the rounds differ. */
function figure(pick: (r: (typeof rounds)[number]) => number, format: (v: number) => string): string {
  const all = rounds.map(pick);
  const low = Math.min(...all);
  const high = Math.max(...all);
  return rounds.length > 1 ? `${format(median(all))} (${format(low)}–${format(high)})` : format(all[0] ?? NaN);
}
const ms = (v: number) => `${v.toFixed(0)} ms`;
const kb = (v: number) => `${(v / 1024).toFixed(2)} KB/s`;
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const times = (v: number) => `${v.toFixed(2)}×`;
const ratio = (a: (r: (typeof rounds)[number]) => number, b: (r: (typeof rounds)[number]) => number) =>
  figure((r) => a(r) / b(r), times);

type Round = (typeof rounds)[number];
const both = (
  label: string,
  pick: (codec: Round['h264']) => number,
  format: (v: number) => string,
  target = '',
): string[] => [
  label,
  figure((r) => pick(r.h264), format),
  figure((r) => pick(r.jpeg), format),
  ratio(
    (r) => pick(r.h264),
    (r) => pick(r.jpeg),
  ),
  target,
];
const rows: string[][] = [
  both('time to first frame, nobody watching before', (c) => c.firstFrameColdMs, ms, '≤ 40 ms'),
  both('time to first frame (median of the connects)', (c) => c.firstFrameMs, ms, '≤ 40 ms'),
  both('time to first frame, a phone nobody watches now', (c) => c.firstFrameUnwatchedMs, ms, '≤ 30 ms'),
  both('tap → decoded frame p50', (c) => c.tapP50Ms, ms),
  both('tap → decoded frame p95', (c) => c.tapP95Ms, ms, '≤ 35 ms'),
  both('taps with no frame in 2 s', (c) => c.tapsUnanswered, String, '0'),
  [
    '  host part: tap → frame on the socket p50',
    figure((r) => r.hostH264.p50, ms),
    figure((r) => r.hostJpeg.p50, ms),
    '',
    '',
  ],
  ['  host part p95', figure((r) => r.hostH264.p95, ms), figure((r) => r.hostJpeg.p95, ms), '', ''],
  both('idle stream', (c) => c.idleBytesPerSecond, kb, '≤ 10 KB/s'),
  both('screen changing 10×/s', (c) => c.activeBytesPerSecond, kb),
  both('host CPU, 1 idle viewer', (c) => c.hostCpuIdleViewer, pct),
  both('host CPU, 1 active viewer', (c) => c.hostCpuActiveViewer, pct),
  ...VIEWERS.map((n) => [
    `host CPU, ${n} H.264 viewer${n > 1 ? 's' : ''} of one phone (÷ 1 viewer)`,
    figure((r) => r.viewers[n] ?? NaN, pct),
    '',
    ratio(
      (r) => r.viewers[n] ?? NaN,
      (r) => r.viewers[1] ?? NaN,
    ),
    n === 20 ? '≤ 1.5×' : '',
  ]),
  ['host CPU, 200 idle phones, no viewer', figure((r) => r.idle200PhonesCpu, pct), '', '', '≤ 1% of one core'],
  ['sound: a key → its click decoded in the page', figure((r) => r.h264.soundDecodedMs ?? NaN, ms), '', '', ''],
  [
    'sound: a key → its click plays (the latency sound adds)',
    figure((r) => r.h264.soundPlaysMs ?? NaN, ms),
    '',
    '',
    '≤ 80 ms',
  ],
  [
    'sound: its click plays − the frame it changes is drawn',
    figure((r) => r.h264.soundSkewMs ?? NaN, ms),
    '',
    '',
    '≤ 40 ms',
  ],
  ['sound: presses with no click or no frame in 2 s', figure((r) => r.h264.soundUnheard ?? NaN, String), '', '', '0'],
  [
    'host CPU, 1 viewer, Settings and Home 5×/s: sound on (÷ off)',
    figure((r) => r.h264.hostCpuSoundOn ?? NaN, pct),
    figure((r) => r.h264.hostCpuSoundOff ?? NaN, pct),
    ratio(
      (r) => r.h264.hostCpuSoundOn ?? NaN,
      (r) => r.h264.hostCpuSoundOff ?? NaN,
    ),
    '',
  ],
];
const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
console.log(
  `\nbench/stream — ${ROUNDS} rounds (median, and min–max), ${RUNS} connects per codec, ${TAPS} taps, loopback, ` +
    `headless Chromium (host CPU includes ffmpeg); load ${load(loadBefore)} before, ${load(loadavg())} after\n`,
);
console.log(['measure', 'H.264', 'JPEG (baseline)', 'H.264 / JPEG', 'target'].join(' | '));
for (const row of rows) console.log(row.join(' | '));
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/stream.json'), JSON.stringify({ runs: RUNS, taps: TAPS, rounds }, null, 2));
