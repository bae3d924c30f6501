import { FrameKind } from '@cloudphone/contracts/stream';

/** Draws decoded pictures on the player's canvas: H.264 through WebCodecs, or JPEG images. */
export interface FrameRenderer {
  configure(config: { codecString?: string; width: number; height: number }): void;
  /** Tells whether the frame could be used; a delta frame before a key frame cannot. */
  push(kind: number, timestamp: number, payload: Uint8Array): boolean;
  close(): void;
}

export function supportsWebCodecs(): boolean {
  return typeof window !== 'undefined' && 'VideoDecoder' in window && 'EncodedVideoChunk' in window;
}

export class H264Renderer implements FrameRenderer {
  private decoder: VideoDecoder | null = null;
  private waitingForKey = true;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly onDrawn: (timestamp: number) => void,
    private readonly onError: () => void,
  ) {}

  configure({ codecString, width, height }: { codecString?: string; width: number; height: number }): void {
    this.close();
    this.canvas.width = width;
    this.canvas.height = height;
    const ctx = this.canvas.getContext('2d');
    this.decoder = new VideoDecoder({
      output: (frame) => {
        ctx?.drawImage(frame, 0, 0, this.canvas.width, this.canvas.height);
        const timestamp = frame.timestamp / 1000;
        frame.close();
        this.onDrawn(timestamp);
      },
      error: () => {
        this.waitingForKey = true;
        this.onError();
      },
    });
    // Annex-B access units with in-band parameter sets: no description needed.
    this.decoder.configure({
      codec: codecString ?? 'avc1.42E01F',
      optimizeForLatency: true,
      hardwareAcceleration: 'no-preference',
    });
    this.waitingForKey = true;
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
    if (this.decoder && this.decoder.state !== 'closed') this.decoder.close();
    this.decoder = null;
  }
}

export class JpegRenderer implements FrameRenderer {
  private latest = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly onDrawn: (timestamp: number) => void,
  ) {}

  configure({ width, height }: { width: number; height: number }): void {
    this.canvas.width = width;
    this.canvas.height = height;
  }

  push(_kind: number, timestamp: number, payload: Uint8Array): boolean {
    this.latest = timestamp;
    const blob = new Blob([payload as BlobPart], { type: 'image/jpeg' });
    void createImageBitmap(blob).then((bitmap) => {
      // Frames decode out of order now and then; never draw an older one over a newer.
      if (timestamp >= this.latest)
        this.canvas.getContext('2d')?.drawImage(bitmap, 0, 0, this.canvas.width, this.canvas.height);
      bitmap.close();
      this.onDrawn(timestamp);
    });
    return true;
  }

  close(): void {}
}
