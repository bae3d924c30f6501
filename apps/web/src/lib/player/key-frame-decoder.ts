import type { TinyH264Wrapper } from '@yume-chan/scrcpy-decoder-tinyh264';
import { supportsWebCodecs } from './renderer';
import { pixelsOf } from './wasm-h264-renderer';

/**
 * Decodes H.264 key frames that each stand alone — a device's grid previews (issue 60), one a second
 * per phone — to pictures: with WebCodecs where the browser has it, else TinyH264 (a decoder per
 * phone, as each phone's frames are a stream of their own).
 */
export class KeyFrameDecoder {
  private readonly wasm = new Map<number, Promise<TinyH264Wrapper>>();

  /** The picture of `unit` (Annex B, parameter sets first), `width` wide at most. */
  decode(index: number, unit: Uint8Array, width: number): Promise<ImageBitmap> {
    return supportsWebCodecs() ? decodeWithWebCodecs(unit) : this.decodeWithWasm(index, unit, width);
  }

  close(): void {
    for (const decoder of this.wasm.values()) void decoder.then((d) => d.dispose());
    this.wasm.clear();
  }

  private async decodeWithWasm(index: number, unit: Uint8Array, width: number): Promise<ImageBitmap> {
    let made = this.wasm.get(index);
    if (!made) {
      made = import('@yume-chan/scrcpy-decoder-tinyh264').then(({ createTinyH264Wrapper }) => createTinyH264Wrapper());
      this.wasm.set(index, made);
    }
    const decoder = await made;
    const picture = await new Promise<Parameters<typeof pixelsOf>[0]>((resolve) => {
      const once = decoder.onPictureReady((p) => {
        once.dispose();
        resolve(p);
      });
      decoder.feed(unit.slice().buffer);
    });
    return createImageBitmap(pixelsOf(picture, { width, height: 0 }));
  }
}

function decodeWithWebCodecs(unit: Uint8Array): Promise<ImageBitmap> {
  return new Promise((resolve, reject) => {
    const decoder = new VideoDecoder({
      output: (frame) => {
        createImageBitmap(frame)
          .then(resolve, reject)
          .finally(() => frame.close());
      },
      error: reject,
    });
    decoder.configure({ codec: codecStringOf(unit), optimizeForLatency: true });
    decoder.decode(new EncodedVideoChunk({ type: 'key', timestamp: 0, data: unit }));
    void decoder.flush().then(
      () => decoder.close(),
      () => undefined,
    );
  });
}

/** `avc1.PPCCLL` from the unit's SPS: its profile, constraint flags and level bytes (RFC 6381). */
function codecStringOf(unit: Uint8Array): string {
  for (let i = 0; i + 6 < unit.length; i++) {
    if (unit[i] !== 0 || unit[i + 1] !== 0 || unit[i + 2] !== 1 || (unit[i + 3]! & 0x1f) !== 7) continue;
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
    return `avc1.${hex(unit[i + 4]!)}${hex(unit[i + 5]!)}${hex(unit[i + 6]!)}`;
  }
  return 'avc1.42E01F';
}
