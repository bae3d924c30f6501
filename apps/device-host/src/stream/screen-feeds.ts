import { DEFAULT_DEFINITION } from '@cloudphone/contracts/limits';
import { DEFINITIONS, PHONE_SOUND, type Codec, type SoundFormat } from '@cloudphone/contracts/stream';
import type { Clock } from '../clock';
import type { DrivenPhone } from '../drivers/phone-driver';
import { EncoderPool } from './encoder-pool';
import type { Ffmpeg } from './ffmpeg';
import { encoderShape, type EncoderShape, type FeedDefinition } from './h264-encoder';
import type { FeedViewer } from './feed-viewer';
import { ScreenFeed } from './screen-feed';
import { SoundFeed, type SoundListener } from './sound-feed';

/** What a viewer watches first: the web app's default definition, and the host's when none is asked. */
const FIRST_DEFINITION = DEFINITIONS[DEFAULT_DEFINITION.name];
/** Phone shapes a host keeps an encoder ready for before anyone watches: each costs ≈ 26 MB while idle. */
const PREPARED_SHAPES_MAX = 4;

/** The feeds of a host's phones, one for each phone, definition and codec that someone watches. */
export class ScreenFeeds {
  private readonly feeds = new Map<string, ScreenFeed>();
  private readonly sounds = new Map<string, SoundFeed>();
  private pool: EncoderPool | undefined;

  constructor(
    /** The time frames are captured at: the viewers' pongs tell it, so players read their delay in it. */
    readonly clock: Clock,
    /** The H.264 encoder, looked for on first use; null streams JPEG. */
    private readonly ffmpeg: () => Ffmpeg | null,
  ) {}

  /**
   * The viewer joins the feed of this phone at this definition (H.264 where the host can encode it),
   * or asks the one it watches for it: a phone whose driver has one encoded stream at a time has one
   * feed, at the least its viewers ask (issue 58).
   */
  watch(phone: DrivenPhone, definition: FeedDefinition, asked: Codec, viewer: FeedViewer): ScreenFeed {
    // A phone whose driver encodes its screen itself passes its H.264 through; the others are drawn here.
    // A device's screen is H.264 only: a viewer that asked for JPEG decodes it in the player (issue 60).
    const codec = phone.screenEncodedOnly ? 'h264' : asked;
    const direct = codec === 'h264' && phone.encodedScreen ? (phone.encodedRungs ?? 'each') : undefined;
    const encoders = codec === 'h264' && !direct ? this.encoders() : null;
    const coded = direct ? `h264-direct` : encoders ? 'h264' : 'jpeg';
    const { width, fps, bitrate, peakKbps = '' } = definition;
    const at = direct === 'one' ? 'one' : `${width}@${fps}/${bitrate}^${peakKbps}`;
    const key = `${phone.instanceNo}|${at}|${coded}`;
    let feed = this.feeds.get(key);
    if (!feed) {
      feed = new ScreenFeed(phone, definition, encoders, this.clock, () => this.feeds.delete(key), direct);
      this.feeds.set(key, feed);
    }
    feed.join(viewer, definition);
    return feed;
  }

  /** The listener hears the phone's sound (issue 59): one feed per phone, coding it once for all. */
  listen(phone: DrivenPhone, listener: SoundListener): SoundFeed {
    const key = phone.instanceNo;
    let feed = this.sounds.get(key);
    if (!feed) {
      feed = new SoundFeed(phone, this.ffmpeg()?.path ?? null, () => this.sounds.delete(key));
      this.sounds.set(key, feed);
    }
    feed.join(listener);
    return feed;
  }

  /** The sound a viewer of the phone can turn on, or null when the phone makes none here. */
  soundOf(phone: DrivenPhone): SoundFormat | null {
    return SoundFeed.audible(phone, this.ffmpeg()?.path ?? null) ? (phone.soundFormat ?? PHONE_SOUND) : null;
  }

  /** Opus encoders running now: one per phone someone listens to. */
  get soundEncodersInUse(): number {
    return [...this.sounds.values()].filter((feed) => feed.encoding).length;
  }

  /**
   * Gets ready for the first viewer of these phones before anyone watches (issue 27): an H.264 spare
   * encoder stays running for each picture shape a viewer of them most likely asks first — the
   * default definition on each phone's screen, at most a few shapes, the most common — and one
   * picture of each shape is drawn once (a process's first picture loads fonts and images: ≈ 30 ms
   * a first viewer would otherwise wait). Spares hold memory, not CPU (EncoderPool.keepReady).
   */
  prepareFor(phones: readonly DrivenPhone[]): void {
    // A device's screen is encoded on the device (issue 60): nothing to get ready here.
    const likeliest = likeliestFirstShapes(phones.filter((phone) => !phone.screenEncodedOnly));
    for (const { phone } of likeliest) phone.render(FIRST_DEFINITION.width);
    this.encoders()?.keepReady(likeliest.map(({ shape }) => shape));
  }

  /** The shapes an H.264 spare encoder is running for, idle until a feed takes it. */
  get spareEncoders(): EncoderShape[] {
    return this.pool?.readyShapes ?? [];
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
    for (const feed of this.sounds.values()) feed.end();
    this.pool?.close();
  }

  private encoders(): EncoderPool | null {
    const ffmpeg = this.ffmpeg();
    if (!ffmpeg) return null;
    this.pool ??= new EncoderPool(ffmpeg.path);
    return this.pool;
  }
}

/** The shapes the phones' first viewers ask for, the most common first (with a phone of each). */
function likeliestFirstShapes(phones: readonly DrivenPhone[]): { phone: DrivenPhone; shape: EncoderShape }[] {
  const byShape = new Map<string, { phone: DrivenPhone; shape: EncoderShape; phones: number }>();
  for (const phone of phones) {
    const shape = encoderShape(phone.pictureSize(FIRST_DEFINITION.width), FIRST_DEFINITION);
    const key = `${shape.width}x${shape.height}`;
    const seen = byShape.get(key) ?? { phone, shape, phones: 0 };
    byShape.set(key, { ...seen, phones: seen.phones + 1 });
  }
  return [...byShape.values()].sort((a, b) => b.phones - a.phones).slice(0, PREPARED_SHAPES_MAX);
}
