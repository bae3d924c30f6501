import { FrameKind, H264_CODEC_STRING, type Codec, type Definition } from '@cloudphone/contracts/stream';
import type { Canvas } from '@napi-rs/canvas';
import type { Clock } from '../clock';
import type { DrivenPhone, EncodedScreen } from '../drivers/phone-driver';
import type { EncoderPool } from './encoder-pool';
import { streamFrame, type FeedViewer, type Picture } from './feed-viewer';
import type { EncoderShape, H264Encoder } from './h264-encoder';

const JPEG_QUALITY = 70;
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
/** The frames since the last key frame are kept for joiners up to these; past them a joiner asks a key frame. */
const CACHED_FRAMES_MAX = 60;
const CACHED_BYTES_MAX = 1024 * 1024;

interface Watcher {
  viewer: FeedViewer;
  /** Until a key frame, delta frames are no use to this viewer. */
  waitingForKey: boolean;
}

/** The encoder a feed of a picture this size at this definition takes. */
export function encoderShape(size: { width: number; height: number }, definition: Definition): EncoderShape {
  return { width: size.width, height: size.height, fps: definition.fps, bitrateKbps: definition.bitrate };
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
  /** The frames since the last key frame, key frame first; null until a key frame, or past the caps. */
  private cached: { frames: Buffer[]; bytes: number } | null = null;
  private lingering: NodeJS.Timeout | undefined;
  private readonly poll: NodeJS.Timeout;
  private soon: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private readonly unsubscribe: () => void;
  /** The phone's own H.264 (its driver encodes its screen), passed through as it comes; else frames are drawn. */
  private readonly encoded: EncodedScreen | undefined;

  constructor(
    private readonly phone: DrivenPhone,
    private readonly definition: Definition,
    /** H.264 encoders; null sends JPEG frames. */
    private readonly encoders: EncoderPool | null,
    private readonly clock: Clock,
    private readonly onEmpty: () => void,
    /** Whether a viewer of this feed takes H.264 the phone's driver encodes itself. */
    direct = false,
  ) {
    this.unsubscribe = phone.subscribe((event) => event.type === 'changed' && this.tickSoon());
    this.poll = setInterval(() => this.tick(), POLL_MS);
    this.encoded = direct ? phone.encodedScreen?.(definition) : undefined;
    if (this.encoded) this.passThrough(this.encoded);
  }

  get codec(): Codec {
    return this.encoders || this.encoded ? 'h264' : 'jpeg';
  }

  /** The phone's units go to the viewers as they come, each as a frame of the stream contract. */
  private passThrough(encoded: EncodedScreen): void {
    const { width, height } = encoded.size;
    const orientation = this.phone.orientation;
    this.current = {
      codec: 'h264',
      codecString: H264_CODEC_STRING,
      width,
      height,
      fps: this.definition.fps,
      orientation,
    };
    encoded.onUnit((unit, key, at) =>
      this.send(streamFrame(key ? FrameKind.h264Key : FrameKind.h264Delta, at, unit), key),
    );
  }

  join(viewer: FeedViewer): void {
    clearTimeout(this.lingering);
    const watcher = { viewer, waitingForKey: true };
    this.watchers.add(watcher);
    if (this.current) viewer.picture(this.current);
    if (!this.current || !this.cached?.frames.length) return this.keyFrame();
    for (const frame of this.cached.frames) viewer.frame(frame);
    watcher.waitingForKey = false;
    this.tickSoon(); // a change since the last frame follows as a frame for everyone
  }

  leave(viewer: FeedViewer): void {
    for (const w of this.watchers) if (w.viewer === viewer) this.watchers.delete(w);
    if (this.watchers.size > 0) return;
    clearTimeout(this.lingering);
    this.lingering = setTimeout(() => this.end(), FEED_LINGER_MS);
  }

  /**
   * A viewer that was skipped is back within its live edge (issue 57): the screen as it is now is
   * drawn at once — a key frame when it missed frames, unless one was drawn for a catch-up a moment
   * ago (then the next tick's); the change held for it when it was the only one watching.
   */
  caughtUp(viewer: FeedViewer): void {
    const watcher = [...this.watchers].find((w) => w.viewer === viewer);
    if (watcher && (!watcher.waitingForKey || this.catchUp())) this.tickSoon();
  }

  /** A viewer's decoder failed: it starts again from a key frame. */
  keyFrameFor(viewer: FeedViewer): void {
    for (const w of this.watchers) if (w.viewer === viewer) w.waitingForKey = true;
    this.keyFrame();
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
      this.current = {
        codec: this.codec,
        ...(this.encoders ? { codecString: H264_CODEC_STRING } : {}),
        width,
        height,
        fps: this.definition.fps,
        orientation,
      };
      for (const w of this.watchers) w.viewer.picture(this.current);
      this.cached = null; // a joiner waits for the next key frame, drawn as the new picture
    }
    if (!this.encoders) {
      this.send(streamFrame(FrameKind.jpeg, capturedAt, canvas.encodeSync('jpeg', JPEG_QUALITY)), true);
      return;
    }
    if (!this.encoder) {
      this.encoder = this.encoders.take(encoderShape(canvas, this.definition));
      this.encoder.onFrame = (unit, key, at) =>
        this.send(streamFrame(key ? FrameKind.h264Key : FrameKind.h264Delta, at, unit), key);
    }
    // The canvas's own pixels (premultiplied: the same bytes, as the phone's picture is opaque), not
    // getImageData's copy, whose 3.7 MB a frame (720×1280) of counted memory made the garbage
    // collector stop the host about twice as often — a tail of tap → frame.
    this.encoder.encode(canvas.data(), capturedAt);
  }

  /**
   * One frame to every viewer that can use it: not to one that missed a frame (it waits for a key frame,
   * and takes none while its link is full). The phone's own stream is not drawn per tick: its frames skip
   * a congested viewer as they come.
   */
  private send(data: Buffer, key: boolean): void {
    this.cache(data, key);
    for (const w of this.watchers) {
      if (this.encoded && w.viewer.congested) {
        w.waitingForKey = true;
        w.viewer.skipped?.();
      }
      if (w.waitingForKey && (!key || w.viewer.congested)) continue;
      w.waitingForKey = false;
      w.viewer.frame(data);
    }
  }

  private cache(frame: Buffer, key: boolean): void {
    if (key) this.cached = { frames: [], bytes: 0 };
    if (!this.cached) return;
    this.cached.frames.push(frame);
    this.cached.bytes += frame.length;
    if (this.cached.frames.length > CACHED_FRAMES_MAX || this.cached.bytes > CACHED_BYTES_MAX) this.cached = null;
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
