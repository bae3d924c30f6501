import type { PictureView } from './picture-view';

/**
 * Puts decoded H.264 pictures on the player's canvas as soon as they are decoded. Where the browser
 * decodes on the CPU, `drawImage` of a VideoFrame converts its YUV to RGB in Skia on the main thread:
 * 15–20 ms for a 720×1280 frame in Chromium (bench/stream, issue 27), a whole display frame and most
 * of H.264's tap → frame tail. `copyTo` into RGBA converts it with libyuv in ≈ 1 ms, and
 * `putImageData` writes those pixels as they are. A frame decoded on the GPU is drawn as before (the
 * GPU converts it), as is a landscape picture (`putImageData` cannot turn it) and any frame of a
 * browser that cannot copy a frame into RGBA.
 */
export class VideoFramePainter {
  /** Whether frames come from the CPU, so copying them out costs no read-back from the GPU. */
  private decodedOnCpu = true;
  /** A copy failed for another reason than the player stopping: draw frames as they are. */
  private copyFailed = false;
  private pixels: ImageData | null = null;
  /** A copy is under way: a frame decoded meanwhile waits, and a newer one replaces it. */
  private copying = false;
  private waiting: { frame: VideoFrame; drawn: () => void } | null = null;
  private closed = false;

  constructor(private readonly view: PictureView) {}

  /** The decoder is set up for `codec`: frames come from the GPU when the browser has a hardware decoder for it. */
  decoderConfigured(codec: string): void {
    void VideoDecoder.isConfigSupported({ codec, hardwareAcceleration: 'prefer-hardware' }).then(
      (support) => (this.decodedOnCpu = support.supported !== true),
      () => undefined,
    );
  }

  /** Draws `frame`, closes it, then calls `drawn` (not at all when a newer frame came first). */
  paint(frame: VideoFrame, drawn: () => void): void {
    if (this.closed) return frame.close();
    if (!this.copies(frame)) {
      this.view.draw(frame);
      frame.close();
      return drawn();
    }
    if (!this.copying) return void this.copy(frame, drawn);
    this.waiting?.frame.close();
    this.waiting = { frame, drawn };
  }

  close(): void {
    this.closed = true;
    this.waiting?.frame.close();
    this.waiting = null;
  }

  private copies(frame: VideoFrame): boolean {
    if (this.copyFailed || !this.decodedOnCpu || !this.view.upright) return false;
    const { displayWidth: width, displayHeight: height } = frame;
    // A browser that does not convert while copying ignores the format and asks for the frame's own size.
    return frame.allocationSize({ format: 'RGBA' }) === width * height * 4;
  }

  private async copy(frame: VideoFrame, drawn: () => void): Promise<void> {
    this.copying = true;
    const { displayWidth: width, displayHeight: height } = frame;
    if (this.pixels?.width !== width || this.pixels.height !== height) this.pixels = new ImageData(width, height);
    const pixels = this.pixels;
    try {
      await frame.copyTo(pixels.data, { format: 'RGBA' });
      if (!this.closed) {
        this.view.put(pixels);
        drawn();
      }
    } catch {
      // Closed under us, the player stopping (nothing to draw then), or a conversion this browser lacks.
      if (!this.closed) {
        this.copyFailed = true;
        this.view.draw(frame);
        drawn();
      }
    } finally {
      frame.close();
      this.copying = false;
    }
    const next = this.waiting;
    this.waiting = null;
    if (next) this.paint(next.frame, next.drawn);
  }
}
