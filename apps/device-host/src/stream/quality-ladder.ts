import { AUTO_RUNGS, DEFINITIONS, LIVE_EDGE_MS } from '@cloudphone/contracts/stream';
import type { FeedDefinition } from './h264-encoder';

/**
 * A link with more video on its way than the live edge is behind (a busy host's late confirmations
 * alone read as up to half of it); under half of it again, it has caught up.
 */
const BEHIND_MS = LIVE_EDGE_MS;
/** A down step waits this long after the last move: the old rung's frames still on the way drain first. */
const DOWN_GAP_MS = 600;
/** A link behind this long is slow, not hit by one large frame or a pause of the host's. */
const BEHIND_FOR_MS = 250;
/** While below its top rung, the link is probed this often (a probe's spread tells what it could carry). */
const PROBE_EVERY_MS = 2_000;
/** A rung is tried only once its link has carried the one below this long without falling behind. */
const UP_HOLD_MS = 2_500;
/** A climb that fell behind within this long failed: the next try waits twice as long. */
const FAILED_CLIMB_MS = 6_000;
const UP_HOLD_MAX_MS = 30_000;
/** The link must carry this much more than a rung's bitrate before it is tried (its peaks run over it). */
const UP_HEADROOM = 1.5;
/** A rung stepped down to fits in this share of what the link delivered. */
const DOWN_FIT = 0.8;
/** Under a data saver a rung aims at this share of it, its peaks kept under the saver itself. */
const SAVER_AIM = 0.7;

/** What a viewer's link says at a moment (`ViewerLink`). */
export interface LinkReading {
  /** The video on its way to the viewer, ms at its link's rate. */
  behindMs: number;
  /** What the link delivered in the last second, kbps. */
  deliveredKbps?: number;
  /** What the link could carry lately, kbps. */
  capacityKbps?: number;
}

/**
 * "Auto" for one viewer (issue 58): the rungs it may use, top first — the spec's definitions under the
 * viewer's data saver (or the lowest when none fits), encoded so no second of video is over it. It steps down when the link
 * falls behind (to a rung what the link delivers can carry, at least one), and tries the rung above
 * once the link has kept up a while and could carry it with room; a try that falls behind soon waits
 * twice as long before the next. The viewer joins the rung's feed, which starts at a key frame.
 */
export class QualityLadder {
  readonly rungs: readonly FeedDefinition[];
  private at = 0;
  private movedAt = -Infinity;
  private climbedAt = -Infinity;
  /** When the link was last slow: behind for BEHIND_FOR_MS. */
  private slowAt = -Infinity;
  /** Since when the link is behind (until it has caught up); undefined while it keeps up. */
  private behindSince: number | undefined;
  private probedAt = -Infinity;
  private holdMs = UP_HOLD_MS;

  constructor(maxKbps?: number) {
    const all = AUTO_RUNGS.map((name) => DEFINITIONS[name]);
    const fitting = all.filter((rung) => !maxKbps || rung.bitrate <= maxKbps);
    const saved = (rung: FeedDefinition) =>
      maxKbps ? { ...rung, bitrate: Math.min(rung.bitrate, Math.round(maxKbps * SAVER_AIM)), peakKbps: maxKbps } : rung;
    this.rungs = (fitting.length > 0 ? fitting : all.slice(-1)).map(saved);
  }

  /** The rung the viewer is on. */
  get rung(): FeedDefinition {
    return this.rungs[this.at]!;
  }

  /** The rung the viewer moves to now, or undefined to stay. */
  decide(now: number, link: LinkReading): FeedDefinition | undefined {
    if (link.behindMs < BEHIND_MS / 2) this.behindSince = undefined;
    if (link.behindMs > BEHIND_MS) {
      this.behindSince ??= now;
      if (now - this.behindSince < BEHIND_FOR_MS) return undefined;
      this.slowAt = now;
      if (now - this.movedAt < DOWN_GAP_MS || this.at === this.rungs.length - 1) return undefined;
      if (now - this.climbedAt < FAILED_CLIMB_MS) {
        this.holdMs = Math.min(this.holdMs * 2, UP_HOLD_MAX_MS);
        this.climbedAt = -Infinity;
      }
      const delivered = link.deliveredKbps;
      const fits = delivered === undefined ? -1 : this.rungs.findIndex((r) => r.bitrate <= delivered * DOWN_FIT);
      const lowest = this.rungs.length - 1;
      return this.move(Math.max(this.at + 1, delivered !== undefined && fits < 0 ? lowest : fits), now);
    }
    if (this.behindSince !== undefined) return undefined;
    // A climb that kept up a while succeeded: the next waits the usual time again.
    if (this.climbedAt > this.slowAt && now - this.climbedAt >= FAILED_CLIMB_MS) this.holdMs = UP_HOLD_MS;
    const above = this.rungs[this.at - 1];
    if (!above || now - Math.max(this.movedAt, this.slowAt) < this.holdMs) return undefined;
    if ((link.capacityKbps ?? 0) < above.bitrate * UP_HEADROOM) return undefined;
    this.climbedAt = now;
    return this.move(this.at - 1, now);
  }

  /** Whether to send the link a probe now: below the top rung, keeping up, none sent lately. */
  probeDue(now: number): boolean {
    if (this.at === 0 || this.behindSince !== undefined || now - this.probedAt < PROBE_EVERY_MS) return false;
    this.probedAt = now;
    return true;
  }

  private move(to: number, now: number): FeedDefinition {
    this.at = Math.min(to, this.rungs.length - 1);
    this.movedAt = now;
    return this.rung;
  }
}
