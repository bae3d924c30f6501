import { LIVE_EDGE_MS } from '@cloudphone/contracts/stream';

/** A delivery rate measured this long ago gives way to any newer one of a busy link. */
const RATE_KEPT_MS = 10_000;

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

  /** The viewer has received `frames` frames of the stream so far. */
  received(frames: number, now: number): void {
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
    const best = this.best;
    if (!best || rate >= best.rate || (!alone && now - best.at > RATE_KEPT_MS)) this.best = { rate, at: now };
  }
}
