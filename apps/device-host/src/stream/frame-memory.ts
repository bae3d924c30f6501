import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The pixels of each H.264 frame leave the canvas as a copy (3.7 MB at 720×1280) that V8 counts as
 * external memory and frees only when it collects the copy's object. Left alone, V8 lets the copies
 * pile up and then runs full collections — the host stopped for 10–25 ms in about one frame in 17,
 * the tail of tap → frame (bench/stream, issue 27). Collecting the young generation once ffmpeg has
 * read a frame (≈ 0.5 ms, while ffmpeg encodes it) frees the copy at once. Every 8 or 16 MB instead
 * was not enough: V8 still ran its full collections as often.
 */
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
let scheduled = false;

/** ffmpeg has read a frame: its copy is garbage now. Frames read in the same turn share one collection. */
export function frameHandedOver(): void {
  if (scheduled) return;
  scheduled = true;
  // After the write's own callbacks, so nothing refers to the copy any more.
  setImmediate(() => {
    scheduled = false;
    if (collect === undefined) collect = collector();
    collect?.({ type: 'minor' });
  });
}
