import type { Codec } from '@cloudphone/contracts/stream';

/** Draws decoded pictures in the player's view: H.264 (WebCodecs, or WASM without it), or JPEG images. */
export interface FrameRenderer {
  readonly codec: Codec;
  /** Frames of a new size (or codec string) follow; the view is already sized for them. */
  configure(config: { codecString?: string }): void;
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

export function supportsWebCodecs(): boolean {
  return typeof window !== 'undefined' && 'VideoDecoder' in window && 'EncodedVideoChunk' in window;
}
