import {
  definitionName,
  FRAME_HEADER_BYTES,
  FrameKind,
  H264_CODEC_STRING,
  type Codec,
  type Definition,
  type DefinitionName,
  type PhoneOrientation,
} from '@cloudphone/contracts/stream';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { codecStringOf, readSequenceParameters } from './h264-sps';

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
  /** The spec's definition it is at, where it is one. */
  rung?: DefinitionName;
}

export const JPEG_QUALITY = 70;
/**
 * The picture ahead of a new H.264 feed's first key frame is this share of the frame's width (issue
 * 58): half the width encodes in a third of the time (≈ 2.5 ms for 720×1280's half) and is shown for
 * the ≈ 20 ms until the first decoded frame replaces it.
 */
const PICTURE_AHEAD_SCALE = 0.5;

/** What frames of `size` at `definition` are. */
export function pictureAt(
  definition: Definition,
  size: { width: number; height: number },
  codec: Codec,
  orientation: PhoneOrientation,
  /** What the stream's SPS says (a device's own H.264); our encoder's Baseline by default. */
  codecString = H264_CODEC_STRING,
): Picture {
  const rung = definitionName(definition);
  return {
    codec,
    ...(codec === 'h264' ? { codecString } : {}),
    width: size.width,
    height: size.height,
    fps: definition.fps,
    orientation,
    ...(rung ? { rung } : {}),
  };
}

/**
 * What a device's stream is from its key frame (issue 60): size and codec string as its SPS says (a
 * device may send Main or High, at a size of its own); undefined when that is what `known` already is.
 * A key frame without an SPS keeps the picture the driver said (`size`, Baseline).
 */
export function pictureOfKeyFrame(
  keyUnit: Uint8Array,
  known: Picture | undefined,
  size: { width: number; height: number },
  definition: Definition,
  orientation: PhoneOrientation,
): Picture | undefined {
  const sps = readSequenceParameters(keyUnit);
  if (!sps && known) return undefined;
  const shape = sps ?? size;
  const codecString = sps && codecStringOf(sps);
  if (known?.codecString === codecString && known?.width === shape.width && known?.height === shape.height)
    return undefined;
  return pictureAt(definition, shape, 'h264', orientation, codecString);
}

/** A small JPEG of the screen drawn on `canvas`, as a frame (the picture ahead of the first key frame). */
export function pictureAhead(canvas: Canvas, capturedAt: number): Buffer {
  const ahead = createCanvas(
    Math.round(canvas.width * PICTURE_AHEAD_SCALE),
    Math.round(canvas.height * PICTURE_AHEAD_SCALE),
  );
  ahead.getContext('2d').drawImage(canvas, 0, 0, ahead.width, ahead.height);
  return streamFrame(FrameKind.jpeg, capturedAt, ahead.encodeSync('jpeg', JPEG_QUALITY));
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
