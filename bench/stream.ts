/**
 * bench/stream — the phone stream as a viewer feels it, on loopback in headless Chromium (issue 4):
 * time to first frame, tap-to-changed-frame latency, bytes per second idle and while the screen
 * changes, host CPU per viewer, and host CPU with 200 idle phones. H.264 is measured against the
 * JPEG stream as the in-run baseline. Prints a table and writes bench/results/stream.json.
 *
 *   npx tsx bench/stream.ts [--runs 5] [--taps 60]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_FLAGS } from '@cloudphone/e2e/chromium';
import { signAccessKey } from '@cloudphone/contracts/access-key';
import { cpuShare, hostApi, startHost, type HostProcess } from './support/host-process';
import { median, percentile } from './support/stats';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, taps: { type: 'string', default: '60' } },
});
const RUNS = Number(values.runs);
const TAPS = Number(values.taps);
const root = resolve(import.meta.dirname, '..');

/** The real player (apps/web/src/lib/player) bundled for the page, as window.CP.PhonePlayer. */
async function playerBundle(): Promise<string> {
  const out = await build({
    entryPoints: [join(root, 'apps/web/src/lib/player/phone-player.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'CP',
    write: false,
  });
  return out.outputFiles[0]?.text ?? '';
}

interface ViewerApi {
  connect(url: string, jpeg: boolean): Promise<number>;
  tapLatency(x: number, y: number): Promise<number>;
  bytes(): number;
  tap(x: number, y: number): void;
  close(): void;
}
/** What the bench uses of the bundled player (apps/web/src/lib/player/phone-player.ts). */
interface PhonePlayer {
  connect(): void;
  disconnect(): void;
  send(message: { type: 'tap'; x: number; y: number }): void;
}
type PlayerOptions = { streamUrl: string; forceJpeg: boolean; onEvent: (event: { type: string }) => void };
type BenchWindow = {
  bench: ViewerApi;
  CP: { PhonePlayer: new (canvas: HTMLCanvasElement, options: PlayerOptions) => PhonePlayer };
};

/** Calls one of the page's bench functions. */
function call<K extends keyof ViewerApi>(
  page: Page,
  method: K,
  ...args: Parameters<ViewerApi[K]>
): Promise<Awaited<ReturnType<ViewerApi[K]>>> {
  return page.evaluate(
    ({ method, args }) => (window as unknown as BenchWindow).bench[method](...(args as [never, never])),
    { method, args },
  ) as Promise<Awaited<ReturnType<ViewerApi[K]>>>;
}

/** Sets the page up with one player and functions the bench calls through page.evaluate. */
async function preparePage(page: Page, host: HostProcess, bundle: string): Promise<void> {
  await page.goto(`${host.url}/host-api/models`); // any page of the host's origin: 127.0.0.1 is a secure context
  await page.setContent('<canvas id="c"></canvas>');
  // tsx names functions with a `__name` helper; the functions sent to the page need it there too.
  await page.addScriptTag({ content: `window.__name = (f) => f;\n${bundle}` });
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    let player: PhonePlayer | null = null;
    let onFrame: (() => void) | null = null;
    let bytes = 0;
    const socketBytes = (event: MessageEvent) => {
      if (typeof event.data !== 'string') bytes += (event.data as ArrayBuffer).byteLength;
    };
    w.bench = {
      connect: (url, jpeg) =>
        new Promise((resolveFirst) => {
          const start = performance.now();
          let first = true;
          player = new w.CP.PhonePlayer(document.getElementById('c') as HTMLCanvasElement, {
            streamUrl: url,
            forceJpeg: jpeg,
            onEvent: (e) => {
              if (e.type !== 'frame') return;
              if (first) {
                first = false;
                resolveFirst(performance.now() - start);
              }
              onFrame?.();
            },
          });
          player.connect();
          // Count every byte the socket brings, as a network meter would.
          (player as unknown as { socket: WebSocket }).socket.addEventListener('message', socketBytes);
        }),
      tapLatency: (x, y) =>
        new Promise((resolveTap) => {
          const start = performance.now();
          onFrame = () => {
            onFrame = null;
            resolveTap(performance.now() - start);
          };
          player?.send({ type: 'tap', x, y });
        }),
      bytes: () => bytes,
      tap: (x, y) => player?.send({ type: 'tap', x, y }),
      close: () => player?.disconnect(),
    };
  });
}

const SETTINGS = { x: 0.125, y: 0.347 };
const BACK = { x: 0.17, y: 0.97 };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measureCodec(page: Page, host: HostProcess, instanceNo: string, jpeg: boolean) {
  const key = () =>
    signAccessKey(host.hostKey, { u: 1, i: instanceNo, p: 'control', e: Date.now() + 3_600_000, n: Date.now() - 1 })
      .accessKey;
  const url = () => `${host.url.replace('http', 'ws')}/stream/${instanceNo}?accessKey=${encodeURIComponent(key())}`;
  const bundle = await playerBundle();
  const firstFrame: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await preparePage(page, host, bundle);
    firstFrame.push(await call(page, 'connect', url(), jpeg));
    await call(page, 'close');
  }
  await preparePage(page, host, bundle);
  await call(page, 'connect', url(), jpeg);
  await pause(500);
  const taps: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    // Alternate opening Settings and going back: every tap changes the screen.
    const target = i % 2 === 0 ? SETTINGS : BACK;
    taps.push(await call(page, 'tapLatency', target.x, target.y));
    await pause(30);
  }
  const idleBytes0 = await call(page, 'bytes');
  const idleCpu = await cpuShare(host.pid, 5000);
  const idleBytes = ((await call(page, 'bytes')) - idleBytes0) / 5;
  const activeBytes0 = await call(page, 'bytes');
  const active = cpuShare(host.pid, 5000);
  for (let i = 0; i < 50; i++) {
    const target = i % 2 === 0 ? SETTINGS : BACK;
    await call(page, 'tap', target.x, target.y);
    await pause(100);
  }
  const activeCpu = await active;
  const activeBytes = ((await call(page, 'bytes')) - activeBytes0) / 5;
  await call(page, 'close');
  return {
    firstFrameMs: median(firstFrame),
    tapP50Ms: percentile(taps, 50),
    tapP95Ms: percentile(taps, 95),
    idleBytesPerSecond: Math.round(idleBytes),
    activeBytesPerSecond: Math.round(activeBytes),
    hostCpuIdleViewer: idleCpu,
    hostCpuActiveViewer: activeCpu,
  };
}

const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
const page = await browser.newPage();

const one = await startHost(1);
await pause(3500); // boot
const [phone] = await hostApi<{ instanceNo: string }[]>(one, 'GET', '/host-api/instances');
const hostIdle = await cpuShare(one.pid, 3000);
const h264 = await measureCodec(page, one, phone!.instanceNo, false);
const jpeg = await measureCodec(page, one, phone!.instanceNo, true);
await one.stop();

const fleet = await startHost(200);
await pause(4000);
const idle200 = await cpuShare(fleet.pid, 10_000);
await fleet.stop();
await browser.close();

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');
const rows: [string, string, string, string, string][] = [
  [
    'time to first frame (median)',
    `${h264.firstFrameMs.toFixed(0)} ms`,
    `${jpeg.firstFrameMs.toFixed(0)} ms`,
    ratio(h264.firstFrameMs, jpeg.firstFrameMs),
    '≤ 300 ms',
  ],
  [
    'tap → changed frame p50',
    `${h264.tapP50Ms.toFixed(0)} ms`,
    `${jpeg.tapP50Ms.toFixed(0)} ms`,
    ratio(h264.tapP50Ms, jpeg.tapP50Ms),
    '',
  ],
  [
    'tap → changed frame p95',
    `${h264.tapP95Ms.toFixed(0)} ms`,
    `${jpeg.tapP95Ms.toFixed(0)} ms`,
    ratio(h264.tapP95Ms, jpeg.tapP95Ms),
    '≤ 60 ms',
  ],
  [
    'idle stream',
    `${(h264.idleBytesPerSecond / 1024).toFixed(2)} KB/s`,
    `${(jpeg.idleBytesPerSecond / 1024).toFixed(2)} KB/s`,
    ratio(h264.idleBytesPerSecond, jpeg.idleBytesPerSecond),
    '≤ 10 KB/s',
  ],
  [
    'screen changing 10×/s',
    `${(h264.activeBytesPerSecond / 1024).toFixed(1)} KB/s`,
    `${(jpeg.activeBytesPerSecond / 1024).toFixed(1)} KB/s`,
    ratio(h264.activeBytesPerSecond, jpeg.activeBytesPerSecond),
    '',
  ],
  ['host CPU, 1 idle viewer', pct(h264.hostCpuIdleViewer - hostIdle), pct(jpeg.hostCpuIdleViewer - hostIdle), '', ''],
  [
    'host CPU, 1 active viewer',
    pct(h264.hostCpuActiveViewer - hostIdle),
    pct(jpeg.hostCpuActiveViewer - hostIdle),
    '',
    '',
  ],
  ['host CPU, 200 idle phones, no viewer', pct(idle200), '', '', '≤ 2% of one core'],
];
console.log(
  `\nbench/stream — ${RUNS} connects per codec, ${TAPS} taps, loopback, headless Chromium (host CPU includes ffmpeg)\n`,
);
console.log(['measure', 'H.264', 'JPEG (baseline)', 'H.264 / JPEG', 'target'].join(' | '));
for (const row of rows) console.log(row.join(' | '));
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/stream.json'),
  JSON.stringify({ runs: RUNS, taps: TAPS, hostIdle, h264, jpeg, idle200PhonesCpu: idle200 }, null, 2),
);
