import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The pixels of each H.264 frame leave the canvas as a copy (3.7 MB at 720×1280) that V8 counts as
 * external memory and frees only when it collects the copy's object. Left alone, it lets the copies
 * pile up to 64 MB and then collects everything at once — the host stopped for 10–25 ms in about one
 * frame in 17, which was the tail of tap → frame (bench/stream, issue 27: p95 52 → 30 ms). Instead,
 * once ffmpeg has taken `COLLECT_AFTER_BYTES` of frames, a young-generation collection (≈ 0.5 ms)
 * frees them while ffmpeg encodes.
 */
const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

type Collect = (options: { type: 'minor' }) => void;

/** V8's collector, reachable only with --expose-gc: set here, and read from a fresh context. */
function collector(): Collect | null {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as Collect;
  } catch {
    return null; // a runtime without the flag: frames are freed as V8 sees fit
  }
}

let collect: Collect | null | undefined;
let handedOver = 0;
let scheduled = false;

/** ffmpeg has read a frame's `bytes`: its copy is garbage now. */
export function frameHandedOver(bytes: number): void {
  handedOver += bytes;
  if (handedOver < COLLECT_AFTER_BYTES || scheduled) return;
  scheduled = true;
  // After the write's own callbacks, so nothing refers to the copy any more.
  setImmediate(() => {
    scheduled = false;
    handedOver = 0;
    if (collect === undefined) collect = collector();
    collect?.({ type: 'minor' });
  });
}
