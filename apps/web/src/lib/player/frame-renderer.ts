import { FrameKind, type Codec } from '@cloudphone/contracts/stream';

/** Draws decoded pictures on the player's canvas: H.264 through WebCodecs, or JPEG images. */
export interface FrameRenderer {
  readonly codec: Codec;
  configure(config: { codecString?: string; width: number; height: number }): void;
  /** Tells whether the frame could be used; a delta frame before a key frame cannot. */
  push(kind: number, timestamp: number, payload: Uint8Array): boolean;
  close(): void;
}

export interface RendererEvents {
  onDrawn: (timestamp: number) => void;
  /** A decode failed once: a key frame lets it start over. */
  onKeyframeNeeded: () => void;
  /** This browser cannot decode the stream: failures in a row, or a configuration it does not support. */
  onUndecodable: () => void;
}

/** Failures in a row, with no picture between them, after which a stream counts as undecodable. */
const FAILURES_BEFORE_GIVING_UP = 3;

export function supportsWebCodecs(): boolean {
  return typeof window !== 'undefined' && 'VideoDecoder' in window && 'EncodedVideoChunk' in window;
}

/** The renderer for the codec the host announced, or null when this browser has none for it. */
export function rendererFor(codec: Codec, canvas: HTMLCanvasElement, events: RendererEvents): FrameRenderer | null {
  if (codec === 'jpeg') return new JpegRenderer(canvas, events);
  if (codec === 'h264' && supportsWebCodecs()) return new H264Renderer(canvas, events);
  return null;
}

class H264Renderer implements FrameRenderer {
  readonly codec = 'h264';
  private decoder: VideoDecoder | null = null;
  private config: VideoDecoderConfig | null = null;
  private waitingForKey = true;
  private failures = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly events: RendererEvents,
  ) {}

  configure({ codecString, width, height }: { codecString?: string; width: number; height: number }): void {
    this.canvas.width = width;
    this.canvas.height = height;
    // Annex-B access units with in-band parameter sets: no description needed.
    this.config = {
      codec: codecString ?? 'avc1.42E01F',
      optimizeForLatency: true,
      hardwareAcceleration: 'no-preference',
    };
    const config = this.config;
    this.openDecoder();
    void VideoDecoder.isConfigSupported(config).then(
      (support) => support.supported === false && this.config === config && this.giveUp(),
      () => this.config === config && this.giveUp(),
    );
  }

  push(kind: number, timestamp: number, payload: Uint8Array): boolean {
    if (!this.decoder || this.decoder.state !== 'configured') return false;
    const key = kind === FrameKind.h264Key;
    if (this.waitingForKey && !key) return false;
    this.waitingForKey = false;
    this.decoder.decode(
      new EncodedVideoChunk({ type: key ? 'key' : 'delta', timestamp: Math.round(timestamp * 1000), data: payload }),
    );
    return true;
  }

  close(): void {
    this.config = null;
    this.closeDecoder();
  }

  private openDecoder(): void {
    this.closeDecoder();
    if (!this.config) return;
    const ctx = this.canvas.getContext('2d');
    this.decoder = new VideoDecoder({
      output: (frame) => {
        ctx?.drawImage(frame, 0, 0, this.canvas.width, this.canvas.height);
        const timestamp = frame.timestamp / 1000;
        frame.close();
        this.failures = 0;
        this.events.onDrawn(timestamp);
      },
      // A decoder that failed is closed: open a new one and start again from a key frame.
      error: () => this.fail(),
    });
    this.waitingForKey = true;
    try {
      this.decoder.configure(this.config);
    } catch {
      this.giveUp();
    }
  }

  private fail(): void {
    if (++this.failures >= FAILURES_BEFORE_GIVING_UP) return this.giveUp();
    this.openDecoder();
    this.events.onKeyframeNeeded();
  }

  private giveUp(): void {
    this.close();
    this.events.onUndecodable();
  }

  private closeDecoder(): void {
    if (this.decoder && this.decoder.state !== 'closed') this.decoder.close();
    this.decoder = null;
  }
}

class JpegRenderer implements FrameRenderer {
  readonly codec = 'jpeg';
  private latest = 0;
  private failures = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly events: RendererEvents,
  ) {}

  configure({ width, height }: { width: number; height: number }): void {
    this.canvas.width = width;
    this.canvas.height = height;
  }

  push(_kind: number, timestamp: number, payload: Uint8Array): boolean {
    this.latest = timestamp;
    const blob = new Blob([payload as BlobPart], { type: 'image/jpeg' });
    createImageBitmap(blob).then(
      (bitmap) => {
        // Frames decode out of order now and then; never draw an older one over a newer.
        if (timestamp >= this.latest)
          this.canvas.getContext('2d')?.drawImage(bitmap, 0, 0, this.canvas.width, this.canvas.height);
        bitmap.close();
        this.failures = 0;
        this.events.onDrawn(timestamp);
      },
      () => {
        if (++this.failures === FAILURES_BEFORE_GIVING_UP) this.events.onUndecodable();
      },
    );
    return true;
  }

  close(): void {}
}
