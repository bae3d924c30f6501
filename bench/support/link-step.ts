import { median } from './stats';

/** A frame as the bench's viewer received it. */
export interface Arrival {
  at: number;
  bytes: number;
  capturedAt: number;
  key: boolean;
}

/** What a viewer saw of a link stepped through its rates (bench/network `--step`). */
interface SteppedWatch {
  taps: number[];
  arrivals: Arrival[];
  rungs: { at: number; rung: string }[];
  /** When each rate of the link began. */
  phaseStarts: number[];
  /** Probes the host sent to measure the link (no video). */
  probes: number;
}

/** How long a tap waited for the first frame captured after it (NaN when none came). */
export function answerMs({ arrivals }: Pick<SteppedWatch, 'arrivals'>, t: number): number {
  return (arrivals.find((a) => a.capturedAt >= t)?.at ?? NaN) - t;
}

/**
 * The figures of a drop and a recovery (issue 58), the link's rates `[before, slow, after]`: the
 * video's bitrate each second by capture time — what the host sent for the link, whenever it arrived —
 * how long after the drop it was ≤ 0.9× the slow link for good, and how long after the recovery it was
 * back at ≥ 80 % of its level before the drop (the median second of the last five).
 */
export function stepFigures(watched: SteppedWatch, slowLinkKbps: number) {
  const { taps, arrivals, rungs, phaseStarts } = watched;
  const [start = 0, dropAt = 0, recoverAt = 0] = phaseStarts;
  const end = Math.max(...arrivals.map((a) => a.capturedAt));
  const perSecond: number[] = [];
  for (let from = start; from + 1000 <= end; from += 1000)
    perSecond.push(
      arrivals.filter((a) => a.capturedAt >= from && a.capturedAt < from + 1000).reduce((sum, a) => sum + a.bytes, 0) *
        0.008,
    );
  const second = (at: number) => Math.floor((at - start) / 1000);
  const before = median(perSecond.slice(Math.max(0, second(dropAt) - 5), second(dropAt)));
  const slow = perSecond.slice(second(dropAt), second(recoverAt));
  // The first second from which every second of the slow link kept under 0.9× of it.
  const limit = 0.9 * slowLinkKbps;
  const over = slow.map((kbps) => kbps > limit).lastIndexOf(true);
  const back = perSecond.slice(second(recoverAt)).findIndex((kbps) => kbps >= 0.8 * before);
  const answers = taps.map((t) => answerMs(watched, t)).filter((ms) => !Number.isNaN(ms));
  // The picture froze: the longest between two frames while the screen kept changing (a tap every few frames).
  const frozen = arrivals.slice(1).map((a, i) => a.at - arrivals[i]!.at);
  return {
    beforeKbps: Math.round(before),
    downMs: (over + 1) * 1000,
    slowKbps: Math.round(median(slow.slice(2))),
    upMs: back < 0 ? NaN : (back + 1) * 1000,
    longestStallMs: Math.round(Math.max(0, ...frozen)),
    slowestTapMs: Math.round(Math.max(0, ...answers)),
    rungs: rungs.map((r) => `${r.rung} (${((r.at - start) / 1000).toFixed(1)} s)`),
    probes: watched.probes,
    perSecond: perSecond.map(Math.round),
  };
}
