import { FrameKind, type Codec, type Definition } from '@cloudphone/contracts/stream';
import type { Canvas } from '@napi-rs/canvas';
import type { Clock } from '../clock';
import type { DrivenPhone } from '../drivers/phone-driver';
import { EncodedPass } from './encoded-pass';
import type { EncoderPool } from './encoder-pool';
import { JPEG_QUALITY, pictureAhead, pictureAt, streamFrame } from './feed-viewer';
import type { FeedViewer, Picture } from './feed-viewer';
import { encoderShape, type FeedDefinition, type H264Encoder } from './h264-encoder';
import { KeyFrameCache } from './key-frame-cache';

/**
 * How often a feed looks at the phone between changes: what changes with time alone (the status
 * bar's clock, booting ending, a key running out) shows within this; a change the phone reports
 * shows at once.
 */
const POLL_MS = 250;
/**
 * A viewer that fell behind gets a key frame to catch up with at most this often: one viewer on a
 * slow link does not make every other viewer of the feed a stream of key frames.
 */
const CATCH_UP_MS = 250;
/**
 * How long a feed stays after its last viewer leaves: one who comes back (a reload, a desktop window
 * opened again) joins it and starts from its cached frames instead of a new encoder.
 */
export const FEED_LINGER_MS = 3000;

interface Watcher {
  viewer: FeedViewer;
  /** Until a key frame, delta frames are no use to this viewer. */
  waitingForKey: boolean;
  /** Whether it has had a frame of this feed: one that has not is sent the picture ahead of the first key frame. */
  shown: boolean;
  /** The definition it asks for: a phone with one encoded stream streams the least its viewers ask. */
  wants: Definition;
}

/**
 * One phone's screen at one definition and codec, drawn and encoded once per change for every viewer
 * (owner, grantees, a sync page, desktop windows — issue 27). A viewer who joins a feed already
 * streaming is sent the frames since the last key frame at once, which decode to the picture as it is
 * now (a streaming server's GOP cache); when there are too many of them, it asks for a key frame: the
 * feed moves to a fresh encoder (a spare, already running), so everyone gets one.
 */
export class ScreenFeed {
  private readonly watchers = new Set<Watcher>();
  private encoder: H264Encoder | undefined;
  private current: Picture | undefined;
  private canvas: Canvas | undefined;
  private lastFrameKey = '';
  private lastFrameAt = -Infinity;
  private lastCatchUpAt = -Infinity;
  private readonly cached = new KeyFrameCache();
  private lingering: NodeJS.Timeout | undefined;
  private readonly poll: NodeJS.Timeout;
  private soon: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private readonly unsubscribe: () => void;
  /** The phone's own H.264 (its driver encodes its screen), passed through as it comes; else frames are drawn. */
  private encoded: EncodedPass | undefined;

  constructor(
    private readonly phone: DrivenPhone,
    private definition: FeedDefinition,
    /** H.264 encoders; null sends JPEG frames. */
    private readonly encoders: EncoderPool | null,
    private readonly clock: Clock,
    private readonly onEmpty: () => void,
    /**
     * How a viewer of this feed takes H.264 the phone's driver encodes itself: a stream per definition
     * (`each`), or the phone's one stream, moved to the least its viewers ask (`one`, issue 58).
     */
    private readonly direct?: 'each' | 'one',
  ) {
    this.unsubscribe = phone.subscribe((event) => event.type === 'changed' && this.tickSoon());
    this.poll = setInterval(() => this.tick(), POLL_MS);
    if (direct) this.passThrough(definition);
  }

  get codec(): Codec {
    return this.encoders || this.encoded ? 'h264' : 'jpeg';
  }

  /** The phone's units at `definition` go to the viewers as they come (`EncodedPass`), its picture before them. */
  private passThrough(definition: Definition): void {
    this.encoded?.close();
    this.definition = definition;
    this.current = undefined;
    this.cached.clear();
    this.encoded = new EncodedPass(this.phone, definition, {
      picture: (picture) => {
        this.current = picture;
        for (const w of this.watchers) w.viewer.picture(picture);
      },
      frame: (frame, key) => this.send(frame, key),
    });
  }

  /**
   * The viewer watches this feed (again: at the definition it now asks). The phone's one encoded stream
   * moves to the least its viewers ask, and every viewer with it, from a key frame.
   */
  join(viewer: FeedViewer, wants: Definition = this.definition): void {
    clearTimeout(this.lingering);
    const known = this.watcherOf(viewer);
    if (known) {
      known.wants = wants;
      return void this.retune();
    }
    const watcher: Watcher = { viewer, waitingForKey: true, shown: false, wants };
    this.watchers.add(watcher);
    if (this.retune()) return;
    if (this.current) viewer.picture(this.current);
    if (!this.current || !this.cached.frames.length) return this.keyFrame();
    for (const frame of this.cached.frames) viewer.frame(frame);
    watcher.waitingForKey = false;
    watcher.shown = true;
    this.tickSoon(); // a change since the last frame follows as a frame for everyone
  }

  leave(viewer: FeedViewer): void {
    for (const w of this.watchers) if (w.viewer === viewer) this.watchers.delete(w);
    if (this.watchers.size > 0) return void this.retune();
    clearTimeout(this.lingering);
    this.lingering = setTimeout(() => this.end(), FEED_LINGER_MS);
  }

  /**
   * A viewer that was skipped is back within its live edge (issue 57): the screen as it is now is
   * drawn at once — a key frame when it missed frames, unless one was drawn for a catch-up a moment
   * ago (then the next tick's); the change held for it when it was the only one watching.
   */
  caughtUp(viewer: FeedViewer): void {
    const watcher = this.watcherOf(viewer);
    if (watcher && (!watcher.waitingForKey || this.catchUp())) this.tickSoon();
  }

  /** A viewer's decoder failed: it starts again from a key frame. */
  keyFrameFor(viewer: FeedViewer): void {
    for (const w of this.watchers) if (w.viewer === viewer) w.waitingForKey = true;
    this.keyFrame();
  }

  private watcherOf(viewer: FeedViewer): Watcher | undefined {
    return [...this.watchers].find((w) => w.viewer === viewer);
  }

  /** The phone's one stream moves to the least its viewers ask; true when it moved. */
  private retune(): boolean {
    if (this.direct !== 'one') return false;
    const least = [...this.watchers].map((w) => w.wants).sort((a, b) => a.bitrate - b.bitrate)[0];
    const same = (d: Definition) => JSON.stringify(d) === JSON.stringify(this.definition);
    if (!least || (same(least) && this.encoded)) return false;
    this.passThrough(least);
    for (const w of this.watchers) w.waitingForKey = true;
    this.encoded!.requestKeyFrame();
    return true;
  }

  private pictureOf(size: { width: number; height: number }, codec: Codec): Picture {
    return pictureAt(this.definition, size, codec, this.phone.orientation);
  }

  /**
   * The next frame is a key frame, drawn at once. An encoder that has sent nothing yet starts with
   * one anyway; one that has is replaced by a fresh one.
   */
  private keyFrame(): void {
    this.nextIsKeyFrame();
    this.tickSoon();
  }

  private nextIsKeyFrame(): void {
    this.encoded?.requestKeyFrame();
    if (this.encoder && this.encoder.emitted > 0) this.releaseEncoder();
    this.lastFrameKey = '';
  }

  /**
   * A change shows at once — what keeps tap → frame latency low — or, within one frame interval of
   * the last frame, exactly when that interval ends, so the definition's fps still holds.
   */
  private tickSoon(): void {
    if (this.soon) return;
    const wait = this.lastFrameAt + 1000 / this.definition.fps - performance.now();
    const run = () => {
      this.soon = undefined;
      this.tick();
    };
    this.soon = wait > 0 ? setTimeout(run, wait) : setImmediate(run);
  }

  private tick(): void {
    const now = this.clock.now();
    for (const w of [...this.watchers]) w.viewer.tick(now);
    if (this.watchers.size === 0) return;
    this.catchUp();
    // The phone's own stream brings its frames: nothing is drawn here.
    if (this.encoded) return;
    const key = this.phone.frameKey(now);
    if (key === this.lastFrameKey) return;
    // Nobody's link can take the change: it is held (not skipped), and drawn when one drains.
    const congested = [...this.watchers].filter((w) => w.viewer.congested);
    for (const w of congested) w.viewer.skipped?.();
    if (congested.length === this.watchers.size) return;
    // Drawn for the others: the congested miss it, and wait for a key frame. Frames drawn before go to
    // them as they come out of the encoder — skipping one already encoded would cost a key frame.
    for (const w of congested) w.waitingForKey = true;
    this.lastFrameKey = key;
    this.lastFrameAt = performance.now();
    this.draw(now);
  }

  /** Viewers whose links drained after they missed frames get a key frame (not more often than CATCH_UP_MS). */
  private catchUp(): boolean {
    const behind = [...this.watchers].some((w) => w.waitingForKey && !w.viewer.congested);
    if (!behind || !this.current || performance.now() - this.lastCatchUpAt < CATCH_UP_MS) return false;
    this.lastCatchUpAt = performance.now();
    this.nextIsKeyFrame();
    return true;
  }

  private draw(capturedAt: number): void {
    const canvas = (this.canvas = this.phone.render(this.definition.width, false, this.canvas));
    const { width, height } = canvas;
    if (this.encoder && (this.encoder.shape.width !== width || this.encoder.shape.height !== height))
      this.releaseEncoder();
    // A turned display keeps the frame's size (and the encoder): only the viewer's picture turns.
    const orientation = this.phone.orientation;
    if (this.current?.width !== width || this.current.height !== height || this.current.orientation !== orientation) {
      this.current = this.pictureOf(canvas, this.codec);
      for (const w of this.watchers) w.viewer.picture(this.current);
      this.cached.clear(); // a joiner waits for the next key frame, drawn as the new picture
    }
    if (!this.encoders) {
      this.send(streamFrame(FrameKind.jpeg, capturedAt, canvas.encodeSync('jpeg', JPEG_QUALITY)), true);
      return;
    }
    const starting = !this.encoder;
    if (!this.encoder) {
      this.encoder = this.encoders.take(encoderShape(canvas, this.definition));
      this.encoder.onFrame = (unit, key, at) =>
        this.send(streamFrame(key ? FrameKind.h264Key : FrameKind.h264Delta, at, unit), key);
    }
    // The canvas's own pixels (premultiplied: the same bytes, as the phone's picture is opaque), not
    // getImageData's copy, whose 3.7 MB a frame (720×1280) of counted memory made the garbage
    // collector stop the host about twice as often — a tail of tap → frame.
    this.encoder.encode(canvas.data(), capturedAt);
    if (starting) this.sendPictureAhead(canvas, capturedAt);
  }

  /**
   * A new encoder's first key frame takes ≈ 20 ms: a viewer that has seen nothing of this feed is sent
   * a small JPEG of the screen meanwhile (issue 58), made while the encoder works.
   */
  private sendPictureAhead(canvas: Canvas, capturedAt: number): void {
    const waiting = [...this.watchers].filter((w) => !w.shown && !w.viewer.congested);
    if (waiting.length === 0) return;
    const frame = pictureAhead(canvas, capturedAt);
    for (const w of waiting) w.viewer.frame(frame);
  }

  /**
   * One frame to every viewer that can use it: not to one that missed a frame (it waits for a key frame,
   * and takes none while its link is full). The phone's own stream is not drawn per tick: its frames skip
   * a congested viewer as they come.
   */
  private send(data: Buffer, key: boolean): void {
    this.cached.add(data, key);
    for (const w of this.watchers) {
      if (this.encoded && w.viewer.congested) {
        w.waitingForKey = true;
        w.viewer.skipped?.();
      }
      if (w.waitingForKey && (!key || w.viewer.congested)) continue;
      w.waitingForKey = false;
      w.shown = true;
      w.viewer.frame(data);
    }
  }

  private releaseEncoder(): void {
    if (this.encoder) this.encoders?.release(this.encoder);
    this.encoder = undefined;
  }

  /** Stops drawing and lets the encoder go (the last viewer left a while ago, or the host stops). */
  end(): void {
    clearTimeout(this.lingering);
    clearInterval(this.poll);
    if (this.soon) {
      clearTimeout(this.soon as NodeJS.Timeout);
      clearImmediate(this.soon as NodeJS.Immediate);
    }
    this.releaseEncoder();
    this.encoded?.close();
    this.unsubscribe();
    this.onEmpty();
  }
}
