import type { Codec, Definition } from '@cloudphone/contracts/stream';
import type { Clock } from '../clock';
import type { VirtualPhone } from '../phones/virtual-phone';
import { EncoderPool } from './encoder-pool';
import type { Ffmpeg } from './ffmpeg';
import { ScreenFeed, type FeedViewer } from './screen-feed';

/** The feeds of a host's phones, one for each phone, definition and codec that someone watches. */
export class ScreenFeeds {
  private readonly feeds = new Map<string, ScreenFeed>();
  private pool: EncoderPool | undefined;

  constructor(
    private readonly clock: Clock,
    /** The H.264 encoder, looked for on first use; null streams JPEG. */
    private readonly ffmpeg: () => Ffmpeg | null,
  ) {}

  /** The viewer joins the feed of this phone at this definition (H.264 where the host can encode it). */
  watch(phone: VirtualPhone, definition: Definition, codec: Codec, viewer: FeedViewer): ScreenFeed {
    const encoders = codec === 'h264' ? this.encoders() : null;
    const key = `${phone.instanceNo}|${definition.width}@${definition.fps}/${definition.bitrate}|${encoders ? 'h264' : 'jpeg'}`;
    let feed = this.feeds.get(key);
    if (!feed) {
      feed = new ScreenFeed(phone, definition, encoders, this.clock, () => this.feeds.delete(key));
      this.feeds.set(key, feed);
    }
    feed.join(viewer);
    return feed;
  }

  /** H.264 encoders encoding a picture now: one per phone and definition watched, however many watch it. */
  get encodersInUse(): number {
    return this.pool?.inUse ?? 0;
  }

  /** Pictures streaming now: one per phone, definition and codec watched, shared by its viewers. */
  get count(): number {
    return this.feeds.size;
  }

  /** CPU seconds the host's H.264 encoders have used (ffmpeg processes of their own). */
  encoderCpuSeconds(): number {
    return this.pool?.cpuSeconds() ?? 0;
  }

  close(): void {
    for (const feed of this.feeds.values()) feed.end();
    this.pool?.close();
  }

  private encoders(): EncoderPool | null {
    const ffmpeg = this.ffmpeg();
    if (!ffmpeg) return null;
    this.pool ??= new EncoderPool(ffmpeg.path);
    return this.pool;
  }
}
