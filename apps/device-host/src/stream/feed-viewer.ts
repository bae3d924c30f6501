import { FRAME_HEADER_BYTES, type Codec, type PhoneOrientation } from '@cloudphone/contracts/stream';

// What a screen feed and its viewers share: the picture its frames are of, the viewer as the feed sees
// it, and a frame's bytes on the wire.

/** What the frames of a feed are: the viewer's config message, less what is the viewer's own. */
export interface Picture {
  codec: Codec;
  codecString?: string;
  width: number;
  height: number;
  fps: number;
  orientation: PhoneOrientation;
}

/** One viewer of a feed, as the feed sees it (a stream session). */
export interface FeedViewer {
  /** Frames of this picture follow (sent on joining, and when the size or the turn changes). */
  picture(picture: Picture): void;
  /** One frame, the same bytes for every viewer. */
  frame(data: Buffer): void;
  /** What changes with time for this viewer (its key's expiry, the phone's status) is looked at. */
  tick(now: number): void;
  /** The viewer's link holds more than it can take: frames skip it until it drains. */
  readonly congested: boolean;
  /** A frame went past the viewer, or waits for its link (it was congested). */
  skipped?(): void;
}

/** A frame as the stream's contract has it: its kind, its capture time, then its payload. */
export function streamFrame(kind: number, capturedAt: number, payload: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  out[0] = kind;
  out.writeDoubleLE(capturedAt, 1);
  out.set(payload, FRAME_HEADER_BYTES);
  return out;
}
