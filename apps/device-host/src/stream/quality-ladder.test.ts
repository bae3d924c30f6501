import { describe, expect, it } from 'vitest';
import { DEFINITIONS } from '@cloudphone/contracts/stream';
import { QualityLadder } from './quality-ladder';

const fine = (capacityKbps: number) => ({ behindMs: 0, capacityKbps });
const behind = (deliveredKbps: number) => ({ behindMs: 400, deliveredKbps });
/** The link is behind from `from` to `to` (a reading at each end): slow, not one large frame. */
const slowFor = (ladder: QualityLadder, from: number, to: number, deliveredKbps?: number) => {
  ladder.decide(from, { behindMs: 400, deliveredKbps });
  return ladder.decide(to, { behindMs: 400, deliveredKbps });
};

describe('"auto" for one viewer (issue 58)', () => {
  it('starts at the top rung and steps down to one the link delivers once it stays behind', () => {
    const ladder = new QualityLadder();
    expect(ladder.rung).toEqual(DEFINITIONS.auto);
    expect(ladder.decide(1_000, behind(1_000))).toBeUndefined(); // one large frame, perhaps
    // 1 Mbit/s delivered: SD's 1,024 kbps does not fit in 80 % of it, smooth's 512 does.
    expect(ladder.decide(1_300, behind(1_000))).toEqual(DEFINITIONS.smooth);
    expect(ladder.decide(2_000, behind(1_000))).toBeUndefined(); // at the bottom
  });

  it('steps down one rung when the link says nothing of its rate, and waits for the old frames to drain', () => {
    const ladder = new QualityLadder();
    expect(slowFor(ladder, 0, 300)).toEqual(DEFINITIONS.sd);
    expect(ladder.decide(600, { behindMs: 400 })).toBeUndefined();
    expect(ladder.decide(900, { behindMs: 400 })).toEqual(DEFINITIONS.smooth);
  });

  it('climbs once the link has kept up a while and could carry the rung above with room', () => {
    const ladder = new QualityLadder();
    expect(slowFor(ladder, 0, 300, 900)).toEqual(DEFINITIONS.smooth);
    expect(ladder.decide(1_000, fine(8_000))).toBeUndefined(); // not long enough
    expect(ladder.decide(3_000, fine(1_200))).toBeUndefined(); // SD's 1,024 kbps ×1.5 does not fit
    expect(ladder.decide(3_000, fine(8_000))).toEqual(DEFINITIONS.sd);
    expect(ladder.decide(6_000, fine(8_000))).toEqual(DEFINITIONS.auto);
    expect(ladder.decide(12_000, fine(80_000))).toBeUndefined(); // never to HD
  });

  it('waits twice as long before trying again a climb that fell behind', () => {
    const ladder = new QualityLadder();
    expect(slowFor(ladder, 0, 300, 2_000)).toEqual(DEFINITIONS.sd);
    expect(ladder.decide(2_900, fine(4_000))).toEqual(DEFINITIONS.auto);
    expect(slowFor(ladder, 3_500, 3_800, 2_000)).toEqual(DEFINITIONS.sd);
    expect(ladder.decide(6_400, fine(4_000))).toBeUndefined();
    expect(ladder.decide(8_900, fine(4_000))).toEqual(DEFINITIONS.auto);
  });

  it('keeps under the data saver: the rungs that fit (the lowest when none does), no second over it', () => {
    expect(new QualityLadder(1_024).rungs).toEqual([
      { ...DEFINITIONS.sd, bitrate: 717, peakKbps: 1_024 },
      { ...DEFINITIONS.smooth, peakKbps: 1_024 },
    ]);
    const saver = new QualityLadder(256);
    expect(saver.rungs).toEqual([{ ...DEFINITIONS.smooth, bitrate: 179, peakKbps: 256 }]);
    expect(saver.decide(5_000, fine(100_000))).toBeUndefined();
  });
});
