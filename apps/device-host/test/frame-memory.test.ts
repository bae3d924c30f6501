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

it('frees a frame ffmpeg has read with a young-generation collection, at once', async () => {
  const minor = constants.NODE_PERFORMANCE_GC_MINOR;
  const kinds = await collections(async () => {
    frameHandedOver();
    frameHandedOver();
    await turn();
  });
  expect(kinds).toContain(minor);
});
