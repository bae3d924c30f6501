import { LIVE_EDGE_MS } from '@cloudphone/contracts/stream';

/** A delivery rate measured this long ago gives way to any newer one of a busy link. */
const RATE_KEPT_MS = 10_000;
/** What the link delivered lately: its samples of the last half second (issue 58's step down). */
const RECENT_MS = 500;
/** What the link could carry: its large frames' spread over the last seconds (issue 58's step up). */
const CAPACITY_KEPT_MS = 2_000;
/** Frames smaller than this cross a fast link in less time than timers and event loops tell apart. */
const CAPACITY_MIN_BYTES = 8 * 1024;

interface Sample {
  kbps: number;
  at: number;
}

/** A frame on its way, and what had been delivered when it was sent (BBR's delivery-rate sample). */
interface OnTheWay {
  bytes: number;
  sentAt: number;
  delivered: number;
  deliveredAt: number;
  /** When the frame last delivered before it had been sent. */
  firstSentAt: number;
  /** Sent onto an idle link: its rate says more of the round trip than of the link. */
  alone: boolean;
}

/**
 * What is on its way to one viewer, in time at that viewer's own delivery rate (issue 57). The player
 * says how many frames it has received; each one it confirms is a sample of the rate its link
 * delivers — bytes delivered between the frame's sending and its receipt, over the longer of the
 * send and the receipt intervals, as BBR samples a TCP flow — and the best sample of the last
 * RATE_KEPT_MS stands. A link that stops delivering says so another way: its oldest frame on the
 * way has waited longer than frames take to arrive. The socket's own buffer says nothing of this: the
 * kernel's buffers and the network's queues before a slow link hold seconds of video unseen by
 * `bufferedAmount`.
 */
export class ViewerLink {
  private readonly onTheWay: OnTheWay[] = [];
  private unconfirmed = 0;
  private confirmed = 0;
  private delivered = 0;
  private deliveredAt = 0;
  private lastSentAt = 0;
  /** The best delivery rate lately, bytes per ms; none until the viewer has confirmed a frame. */
  private best: { rate: number; at: number } | undefined;
  /** The shortest time a frame took from sending to its receipt said: the link's own round trip. */
  private fastestMs = Infinity;
  private readonly deliveries: Sample[] = [];
  private readonly capacities: Sample[] = [];
  /** The shortest a frame took from its sending to its arrival by the viewer's clock (their offset included). */
  private fastestOneWay = Infinity;

  /** A frame of `bytes` went to the viewer. */
  sent(bytes: number, now: number): void {
    // After an idle while, the next sample starts now, not at the last delivery.
    if (this.onTheWay.length === 0) this.deliveredAt = this.lastSentAt = now;
    this.onTheWay.push({
      bytes,
      sentAt: now,
      delivered: this.delivered,
      deliveredAt: this.deliveredAt,
      firstSentAt: this.lastSentAt,
      alone: this.onTheWay.length === 0,
    });
    this.unconfirmed += bytes;
  }

  /**
   * The viewer has received `frames` frames of the stream so far, the last at `viewerAt` by its own
   * clock when it says so.
   */
  received(frames: number, now: number, viewerAt?: number): void {
    if (viewerAt !== undefined && frames === this.confirmed + 1 && this.onTheWay[0])
      this.spread(this.onTheWay[0], viewerAt, now);
    while (this.confirmed < frames) {
      const frame = this.onTheWay.shift();
      if (!frame) return;
      this.confirmed++;
      this.unconfirmed -= frame.bytes;
      this.delivered += frame.bytes;
      this.deliveredAt = now;
      this.lastSentAt = frame.sentAt;
      this.fastestMs = Math.min(this.fastestMs, now - frame.sentAt);
      const interval = Math.max(frame.sentAt - frame.firstSentAt, now - frame.deliveredAt);
      if (interval > 0) this.sample((this.delivered - frame.delivered) / interval, now, frame.alone);
    }
  }

  /**
   * A large frame's time on the line beyond the fastest any frame took is its size at the link's rate
   * (a packet train's spread), read on the viewer's clock so the host's own delays do not count; one
   * queued behind another took longer, so this errs low.
   */
  private spread(frame: OnTheWay, viewerAt: number, now: number): void {
    const oneWay = viewerAt - frame.sentAt;
    this.fastestOneWay = Math.min(this.fastestOneWay, oneWay);
    const spread = oneWay - this.fastestOneWay;
    if (frame.bytes >= CAPACITY_MIN_BYTES && spread > 0) keep(this.capacities, (frame.bytes * 8) / spread, now);
  }

  /**
   * The best rate the link delivered in the last half second, kbps: while it is full, what it carries now
   * (undefined when it delivered nothing).
   */
  deliveredKbps(now: number): number | undefined {
    const recent = this.deliveries.filter((d) => now - d.at <= RECENT_MS);
    return recent.length ? Math.max(...recent.map((d) => d.kbps)) : undefined;
  }

  /** What the link could carry lately, kbps: the best spread of its large frames of the last seconds. */
  capacityKbps(now: number): number | undefined {
    const recent = this.capacities.filter((c) => now - c.at <= CAPACITY_KEPT_MS);
    return recent.length ? Math.max(...recent.map((c) => c.kbps)) : undefined;
  }

  /** Whether the viewer has said what it received: a viewer that never does is measured by its socket alone. */
  get measured(): boolean {
    return this.best !== undefined;
  }

  /**
   * The video on its way to the viewer, in ms: at its delivery rate, or as long as its oldest frame
   * has waited beyond a round trip, whichever is more (0 before a rate is known).
   */
  behindMs(now: number): number {
    if (!this.best) return 0;
    const oldest = this.onTheWay[0];
    const waited = oldest ? now - oldest.sentAt - this.fastestMs : 0;
    return Math.max(this.unconfirmed / this.best.rate, waited);
  }

  /** More than LIVE_EDGE_MS of video is on its way: frames would only reach the viewer late. */
  pastEdge(now: number): boolean {
    return this.behindMs(now) > LIVE_EDGE_MS;
  }

  private sample(rate: number, now: number, alone: boolean): void {
    keep(this.deliveries, rate * 8, now);
    const best = this.best;
    if (!best || rate >= best.rate || (!alone && now - best.at > RATE_KEPT_MS)) this.best = { rate, at: now };
  }
}

/** Adds a sample, letting go of those too old to be read. */
function keep(samples: Sample[], kbps: number, at: number): void {
  samples.push({ kbps, at });
  while (samples.length > 0 && at - samples[0]!.at > Math.max(RECENT_MS, CAPACITY_KEPT_MS)) samples.shift();
}
