import { describe, expect, it } from 'vitest';
import { LIVE_EDGE_MS } from '@cloudphone/contracts/stream';
import { ViewerLink } from './viewer-link';

/**
 * A link that delivers `bytesPerMs` after `delayMs` each way: frames of `bytes` sent every `everyMs`
 * until `untilMs`, each confirmed when it has arrived and its word come back.
 */
function simulate(link: ViewerLink, { bytesPerMs, delayMs, bytes, everyMs, untilMs }: Record<string, number>) {
  const confirmations: number[] = [];
  let confirmed = 0;
  const confirm = (at: number) => link.received(++confirmed, at);
  let lineFreeAt = 0;
  for (let at = 0; at < untilMs!; at += everyMs!) {
    // Confirmations due before this send arrive first.
    while (confirmations.length > 0 && confirmations[0]! <= at) confirm(confirmations.shift()!);
    link.sent(bytes!, at);
    lineFreeAt = Math.max(lineFreeAt, at + delayMs!) + bytes! / bytesPerMs!;
    confirmations.push(lineFreeAt + delayMs!);
  }
  return { pending: confirmations, confirm };
}

describe('what is on its way to a viewer (issue 57)', () => {
  it('measures the link by what the viewer confirms: a link that keeps up is within the edge', () => {
    const link = new ViewerLink();
    // 1 Mbit/s (125 bytes a ms), 2 KB frames 30 times a second: half the link.
    simulate(link, { bytesPerMs: 125, delayMs: 40, bytes: 2_000, everyMs: 33, untilMs: 3_000 });
    expect(link.measured).toBe(true);
    expect(link.pastEdge(3_000)).toBe(false);
  });

  it('is past the edge when more video is queued than the link delivers in LIVE_EDGE_MS', () => {
    const link = new ViewerLink();
    // 8 KB frames 30 times a second on 1 Mbit/s: twice what the link takes, so the queue grows.
    simulate(link, { bytesPerMs: 125, delayMs: 40, bytes: 8_000, everyMs: 33, untilMs: 2_000 });
    expect(link.behindMs(2_000)).toBeGreaterThan(LIVE_EDGE_MS);
    expect(link.pastEdge(2_000)).toBe(true);
  });

  it('is past the edge when the viewer stops confirming, however fast its link was', () => {
    const link = new ViewerLink();
    const { pending, confirm } = simulate(link, {
      bytesPerMs: 10_000,
      delayMs: 5,
      bytes: 2_000,
      everyMs: 33,
      untilMs: 1_000,
    });
    for (const at of pending) confirm(at);
    expect(link.pastEdge(1_100)).toBe(false);
    link.sent(2_000, 1_100); // never confirmed
    expect(link.pastEdge(1_300)).toBe(false);
    expect(link.pastEdge(1_100 + LIVE_EDGE_MS + 20)).toBe(true);
  });
});
