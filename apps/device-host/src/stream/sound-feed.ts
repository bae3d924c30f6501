import { FrameKind } from '@cloudphone/contracts/stream';
import type { DrivenPhone } from '../drivers/phone-driver';
import { streamFrame } from './feed-viewer';
import { OpusEncoder } from './opus-encoder';

/** One listener of a phone's sound (a stream session with its audio on). */
export interface SoundListener {
  /** One Opus frame, the same bytes for every listener. */
  sound(data: Buffer): void;
}

/**
 * One phone's sound for everyone listening (issue 59): its driver's PCM coded to Opus once, or the
 * Opus its driver codes itself passed on as it comes. It runs only while someone listens, and a
 * silent phone sends nothing.
 */
export class SoundFeed {
  private readonly listeners = new Set<SoundListener>();
  private encoder: OpusEncoder | undefined;
  private stop: (() => void) | undefined;

  constructor(
    private readonly phone: DrivenPhone,
    /** The host's ffmpeg for PCM, or null: a phone whose sound is PCM is then silent. */
    private readonly ffmpegPath: string | null,
    private readonly onEmpty: () => void,
  ) {}

  /** Whether the phone's sound can be heard here at all. */
  static audible(phone: DrivenPhone, ffmpegPath: string | null): boolean {
    return phone.encodedSound !== undefined || (phone.onSound !== undefined && ffmpegPath !== null);
  }

  join(listener: SoundListener): void {
    this.listeners.add(listener);
    this.stop ??= this.start();
  }

  leave(listener: SoundListener): void {
    this.listeners.delete(listener);
    if (this.listeners.size > 0) return;
    this.end();
  }

  /** Listeners counted now. */
  get size(): number {
    return this.listeners.size;
  }

  /** Whether an encoder runs (only while someone listens to a phone whose sound is PCM). */
  get encoding(): boolean {
    return this.encoder !== undefined;
  }

  end(): void {
    this.stop?.();
    this.stop = undefined;
    this.onEmpty();
  }

  private start(): () => void {
    const send = (packet: Buffer, at: number) => {
      const frame = streamFrame(FrameKind.opus, at, packet);
      for (const listener of this.listeners) listener.sound(frame);
    };
    const encoded = this.phone.encodedSound?.();
    if (encoded) {
      encoded.onPacket(send);
      return () => encoded.close();
    }
    if (!this.phone.onSound || !this.ffmpegPath) return () => undefined;
    const encoder = (this.encoder = new OpusEncoder(this.ffmpegPath));
    encoder.onPacket = send;
    const unsubscribe = this.phone.onSound((samples, at) => encoder.encode(samples, at));
    return () => {
      unsubscribe();
      encoder.close();
      this.encoder = undefined;
    };
  }
}
