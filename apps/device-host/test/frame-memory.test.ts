import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { frameHandedOver } from '../src/stream/frame-memory';

/** The kinds of the collections V8 runs while `during` goes on. */
async function collections(during: () => Promise<void>): Promise<number[]> {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) =>
    list.getEntries().forEach((e: PerformanceEntry) => kinds.push((e as { detail?: { kind: number } }).detail!.kind)),
  );
  observer.observe({ entryTypes: ['gc'] });
  await during();
  await new Promise((r) => setTimeout(r, 50)); // entries are delivered a moment later
  observer.disconnect();
  return kinds;
}
const turn = () => new Promise((r) => setImmediate(r));

it('frees the frames ffmpeg has read with a young-generation collection once 16 MB have gone, not before', async () => {
  const minor = constants.NODE_PERFORMANCE_GC_MINOR;
  // 720×1280 RGBA frames: four are under the threshold, the fifth passes it.
  const frame = 720 * 1280 * 4;
  const early = await collections(async () => {
    for (let i = 0; i < 4; i++) frameHandedOver(frame);
    await turn();
  });
  expect(early).not.toContain(minor);
  const after = await collections(async () => {
    frameHandedOver(frame);
    await turn();
  });
  expect(after).toContain(minor);
});
