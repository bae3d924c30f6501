import { FrameKind } from '@cloudphone/contracts/stream';
import type { TinyH264Wrapper } from '@yume-chan/scrcpy-decoder-tinyh264';
import type { FrameRenderer, RendererEvents } from './renderer';
import type { PictureView } from './picture-view';

/**
 * H.264 decoded in the page with TinyH264 (WASM, in a worker of its own), for a browser without
 * WebCodecs watching a phone whose screen only comes as its device encodes it (issue 60: a handset's
 * H.264 passes through the host, which has no JPEG of it). TinyH264 reads Baseline only, which the
 * host asks the device for. Its pictures are I420; each is turned to RGBA and put on the view.
 */
export class WasmH264Renderer implements FrameRenderer {
  readonly codec = 'h264';
  private decoder: TinyH264Wrapper | undefined;
  private closed = false;
  private waitingForKey = true;
  private size = { width: 0, height: 0 };
  /** Capture times of the units fed, in order: a picture comes out for each. */
  private readonly pending: number[] = [];
  private rgba: ImageData | undefined;

  constructor(
    private readonly view: PictureView,
    private readonly events: RendererEvents,
    /** The view's frame size, as the config says (the decoder's pictures are whole macroblocks). */
    private readonly frameSize: () => { width: number; height: number },
  ) {
    // Loaded only here: the decoder (≈ 200 KB) is no other browser's cost.
    void import('@yume-chan/scrcpy-decoder-tinyh264').then(
      async ({ createTinyH264Wrapper }) => {
        const decoder = await createTinyH264Wrapper();
        if (this.closed) return decoder.dispose();
        this.decoder = decoder;
        decoder.onPictureReady((picture) => this.draw(picture));
        // Frames that came while it loaded went by: it starts from a key frame.
        this.waitingForKey = true;
        this.events.onKeyframeNeeded();
      },
      () => this.events.onUndecodable(),
    );
  }

  configure(): void {
    this.waitingForKey = true;
    this.size = this.frameSize();
  }

  push(kind: number, timestamp: number, payload: Uint8Array): boolean {
    if (!this.decoder || (kind !== FrameKind.h264Key && kind !== FrameKind.h264Delta)) return false;
    const key = kind === FrameKind.h264Key;
    if (this.waitingForKey && !key) return false;
    this.waitingForKey = false;
    this.pending.push(timestamp);
    this.decoder.feed(payload.slice().buffer);
    return true;
  }

  close(): void {
    this.closed = true;
    this.decoder?.dispose();
    this.decoder = undefined;
  }

  private draw(picture: DecodedPicture): void {
    const timestamp = this.pending.shift() ?? 0;
    this.rgba = pixelsOf(picture, this.size, this.rgba);
    this.view.put(this.rgba);
    this.events.onDrawn(timestamp);
  }
}

/** What TinyH264 gives: an I420 picture, `width` × `height` its coded size (whole macroblocks). */
export interface DecodedPicture {
  width: number;
  height: number;
  data: ArrayBuffer;
}

/**
 * A decoded picture as RGBA pixels (BT.601, limited range), `shown` of it from its top left (the
 * stream's size; the rest is macroblock padding). `reuse` is kept when it is that size already.
 */
export function pixelsOf(
  { width, height, data }: DecodedPicture,
  shown: { width: number; height: number },
  reuse?: ImageData,
): ImageData {
  const w = Math.min(shown.width || width, width);
  const h = Math.min(shown.height || height, height);
  const rgba = reuse?.width === w && reuse.height === h ? reuse : new ImageData(w, h);
  const yuv = new Uint8Array(data);
  const out = rgba.data;
  const uOffset = width * height;
  const vOffset = uOffset + (width / 2) * (height / 2);
  for (let y = 0; y < h; y++) {
    const row = y * width;
    const chromaRow = (y >> 1) * (width >> 1);
    for (let x = 0; x < w; x++) {
      const c = yuv[row + x]! - 16;
      const d = yuv[uOffset + chromaRow + (x >> 1)]! - 128;
      const e = yuv[vOffset + chromaRow + (x >> 1)]! - 128;
      const i = (y * w + x) * 4;
      out[i] = (298 * c + 409 * e + 128) >> 8;
      out[i + 1] = (298 * c - 100 * d - 208 * e + 128) >> 8;
      out[i + 2] = (298 * c + 516 * d + 128) >> 8;
      out[i + 3] = 255;
    }
  }
  return rgba;
}
