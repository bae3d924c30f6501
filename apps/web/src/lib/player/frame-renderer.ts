import { FrameKind, H264_CODEC_STRING, type Codec } from '@cloudphone/contracts/stream';
import type { PictureView } from './picture-view';
import { VideoFramePainter } from './video-frame-painter';
import { supportsWebCodecs, type FrameRenderer, type RendererEvents } from './renderer';
import { WasmH264Renderer } from './wasm-h264-renderer';

/** Failures in a row, with no picture between them, after which a stream counts as undecodable. */
const FAILURES_BEFORE_GIVING_UP = 3;

/**
 * The renderer for the codec the host announced. H.264 without WebCodecs — the host sends it to such a
 * browser only for a phone whose device encodes its screen (issue 60) — is decoded in WASM.
 */
export function rendererFor(codec: Codec, view: PictureView, events: RendererEvents): FrameRenderer {
  if (codec === 'jpeg') return new JpegRenderer(view, events);
  if (supportsWebCodecs()) return new H264Renderer(view, events);
  return new WasmH264Renderer(view, events, () => view.frameSize);
}

class H264Renderer implements FrameRenderer {
  readonly codec = 'h264';
  private decoder: VideoDecoder | null = null;
  private config: VideoDecoderConfig | null = null;
  private waitingForKey = true;
  private failures = 0;
  /** A decoded frame is on the view since the stream's config: the picture ahead of it no longer shows. */
  private decoded = false;
  private readonly painter: VideoFramePainter;

  constructor(
    private readonly view: PictureView,
    private readonly events: RendererEvents,
  ) {
    this.painter = new VideoFramePainter(view);
  }

  configure({ codecString = H264_CODEC_STRING }: { codecString?: string }): void {
    this.decoded = false;
    // A decoder set up for this codec goes on: a stream (or a new size) starts with a key frame.
    if (this.decoder?.state === 'configured' && this.config?.codec === codecString) {
      this.waitingForKey = true;
      return;
    }
    // Annex-B access units with in-band parameter sets: no description needed.
    this.config = {
      codec: codecString,
      optimizeForLatency: true,
      hardwareAcceleration: 'no-preference',
    };
    const config = this.config;
    this.openDecoder();
    this.painter.decoderConfigured(codecString);
    void VideoDecoder.isConfigSupported(config).then(
      (support) => support.supported === false && this.config === config && this.giveUp(),
      () => this.config === config && this.giveUp(),
    );
  }

  push(kind: number, timestamp: number, payload: Uint8Array): boolean {
    // The picture ahead of a new feed's first key frame (issue 58), drawn unless a decoded frame came first.
    if (kind === FrameKind.jpeg)
      return drawJpeg(this.view, payload, () => !this.decoded, timestamp, {
        onDrawn: this.events.onDrawn,
        onUndecodable: () => undefined, // the key frame follows
      });
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
    this.painter.close();
    this.closeDecoder();
  }

  private openDecoder(): void {
    this.closeDecoder();
    if (!this.config) return;
    this.decoder = new VideoDecoder({
      output: (frame) => {
        const timestamp = frame.timestamp / 1000;
        this.failures = 0;
        this.decoded = true;
        this.painter.paint(frame, () => this.events.onDrawn(timestamp));
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
    private readonly view: PictureView,
    private readonly events: RendererEvents,
  ) {}

  configure(): void {}

  push(_kind: number, timestamp: number, payload: Uint8Array): boolean {
    this.latest = timestamp;
    // Frames decode out of order now and then; never draw an older one over a newer.
    return drawJpeg(this.view, payload, () => timestamp >= this.latest, timestamp, {
      onDrawn: (at) => {
        this.failures = 0;
        this.events.onDrawn(at);
      },
      onUndecodable: () => ++this.failures === FAILURES_BEFORE_GIVING_UP && this.events.onUndecodable(),
    });
  }

  close(): void {}
}

/** Decodes a JPEG and draws it (scaled to the view's frame) if `still` says it is still wanted once decoded. */
function drawJpeg(
  view: PictureView,
  payload: Uint8Array,
  still: () => boolean,
  timestamp: number,
  events: Pick<RendererEvents, 'onDrawn' | 'onUndecodable'>,
): boolean {
  createImageBitmap(new Blob([payload as BlobPart], { type: 'image/jpeg' })).then(
    (bitmap) => {
      const drawn = still();
      if (drawn) view.draw(bitmap);
      bitmap.close();
      if (drawn) events.onDrawn(timestamp);
    },
    () => events.onUndecodable(),
  );
  return true;
}
