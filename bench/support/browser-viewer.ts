import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';

const root = resolve(import.meta.dirname, '../..');

/** The real player (apps/web/src/lib/player) bundled for the page, as window.CP.PhonePlayer. */
export async function playerBundle(): Promise<string> {
  const out = await build({
    entryPoints: [join(root, 'apps/web/src/lib/player/phone-player.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'CP',
    write: false,
  });
  return out.outputFiles[0]?.text ?? '';
}

/** What the bench asks of the page: one player, timed from input to the decoded picture. */
interface ViewerApi {
  connect(url: string, jpeg: boolean): Promise<number>;
  /** Ms from sending a tap until the next decoded frame, or NaN when none came within two seconds. */
  tapLatency(x: number, y: number): Promise<number>;
  bytes(): number;
  tap(x: number, y: number): void;
  /** Sends a phone key. */
  key(key: string): void;
  /** Turns the phone's sound on (issue 59). */
  soundOn(): void;
  /**
   * Presses `key` (a click, and a change of screen): ms until the first frame drawn after it, the first
   * sound decoded after it and when that sound plays; NaN for what did not come within two seconds.
   */
  keyHeardAndSeen(key: string): Promise<{ frameMs: number; soundMs: number; playsMs: number }>;
  close(): void;
}
/** What the bench uses of the bundled player (apps/web/src/lib/player/phone-player.ts). */
interface PhonePlayer {
  connect(): void;
  disconnect(): void;
  send(message: { type: 'tap'; x: number; y: number } | { type: 'key'; key: string }): void;
  setSound(on: boolean, volume: number): void;
}
type PlayerOptions = {
  streamUrl: string;
  forceJpeg: boolean;
  onEvent: (event: { type: string; playsAt?: number }) => void;
};
type BenchWindow = {
  bench: ViewerApi;
  CP: { PhonePlayer: new (canvas: HTMLCanvasElement, options: PlayerOptions) => PhonePlayer };
};

/** Calls one of the page's bench functions. */
export function call<K extends keyof ViewerApi>(
  page: Page,
  method: K,
  ...args: Parameters<ViewerApi[K]>
): Promise<Awaited<ReturnType<ViewerApi[K]>>> {
  return page.evaluate(
    ({ method, args }) => (window as unknown as BenchWindow).bench[method](...(args as [never, never])) as unknown,
    { method, args },
  ) as Promise<Awaited<ReturnType<ViewerApi[K]>>>;
}

/** Sets the page (any page of the host's origin: 127.0.0.1 is a secure context) up with one player. */
export async function preparePage(page: Page, hostUrl: string, bundle: string): Promise<void> {
  await page.goto(`${hostUrl}/host-api/models`);
  await page.setContent('<canvas id="c"></canvas>');
  // tsx names functions with a `__name` helper; the functions sent to the page need it there too.
  await page.addScriptTag({ content: `window.__name = (f) => f;\n${bundle}` });
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    let player: PhonePlayer | null = null;
    let onFrame: (() => void) | null = null;
    let onSound: ((playsAt: number) => void) | null = null;
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
              if (e.type === 'sound') onSound?.(e.playsAt ?? NaN);
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
          const timer = setTimeout(() => {
            onFrame = null;
            resolveTap(NaN);
          }, 2000);
          onFrame = () => {
            onFrame = null;
            clearTimeout(timer);
            resolveTap(performance.now() - start);
          };
          player?.send({ type: 'tap', x, y });
        }),
      bytes: () => bytes,
      tap: (x, y) => player?.send({ type: 'tap', x, y }),
      key: (key) => player?.send({ type: 'key', key }),
      soundOn: () => player?.setSound(true, 1),
      keyHeardAndSeen: (key) =>
        new Promise((resolveKey) => {
          const start = performance.now();
          const seen = { frameMs: NaN, soundMs: NaN, playsMs: NaN };
          const done = () => {
            if (Number.isNaN(seen.frameMs) || Number.isNaN(seen.soundMs)) return;
            onFrame = onSound = null;
            clearTimeout(timer);
            resolveKey(seen);
          };
          const timer = setTimeout(() => {
            onFrame = onSound = null;
            resolveKey(seen);
          }, 2000);
          onFrame = () => {
            if (Number.isNaN(seen.frameMs)) seen.frameMs = performance.now() - start;
            done();
          };
          onSound = (playsAt) => {
            if (Number.isNaN(seen.soundMs)) [seen.soundMs, seen.playsMs] = [performance.now() - start, playsAt - start];
            done();
          };
          player?.send({ type: 'key', key });
        }),
      close: () => player?.disconnect(),
    };
  });
}
