import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Definition } from '@cloudphone/contracts/stream';
import { FlvReader } from './flv-reader';
import { frameHandedOver } from './frame-memory';
import { processCpuSeconds } from './process-cpu';

/** What an encoder is started for: the picture's size and the definition's rate. */
export interface EncoderShape {
  width: number;
  height: number;
  fps: number;
  bitrateKbps: number;
  /** The most it may send in any second (a data saver's, issue 58); without one, bursts reach 3× the rate. */
  peakKbps?: number;
}

/** A definition a viewer's data saver caps: no second of its stream carries more than `peakKbps`. */
export type FeedDefinition = Definition & { peakKbps?: number };

/**
 * Blank frames an encoder is given as it starts, their output dropped. x264 sets itself up on its
 * first frame (20–30 ms); ffmpeg and x264 first touch their frame buffers on the next ones (≈ 1,500
 * page faults on the first real frame otherwise): with two, a viewer's first key frame takes ≈ 18 ms
 * instead of 22 (720×1280; it comes out ≈ 20 % larger, as the rate control saw two frames cost nothing).
 */
const PRIMING_FRAMES = 2;

/** The encoder a feed of a picture this size at this definition takes. */
export function encoderShape(size: { width: number; height: number }, definition: FeedDefinition): EncoderShape {
  const { fps, bitrate, peakKbps } = definition;
  return { width: size.width, height: size.height, fps, bitrateKbps: bitrate, ...(peakKbps ? { peakKbps } : {}) };
}

/**
 * x264's rate control (VBV): the rate its buffer drains at and the buffer's size. In any second it
 * sends at most their sum: a peak keeps that sum under it (the buffer still holds a key frame of a
 * small picture); without one, twice the rate for a second's bursts.
 */
function vbv({ bitrateKbps, peakKbps }: EncoderShape): { maxrate: number; bufsize: number } {
  if (!peakKbps) return { maxrate: bitrateKbps * 2, bufsize: bitrateKbps };
  return { maxrate: Math.floor(peakKbps * 0.65), bufsize: Math.floor(peakKbps * 0.3) };
}

export type EncodedFrame = (accessUnit: Buffer, key: boolean, capturedAt: number) => void;

/**
 * H.264 baseline through ffmpeg/libx264 (`ultrafast`, `zerolatency`: no lookahead, no B-frames), one
 * encoder per phone picture however many watch it (issue 27). Raw RGBA frames go in as the screen
 * changes; each comes out as one access unit, read from FLV so it is whole the moment it arrives.
 * A new encoder starts with a key frame. The arguments work with ffmpeg 4.1 (the packaged one) as
 * with newer system builds.
 */
export class H264Encoder {
  /** Where encoded frames go; set by the feed that takes the encoder (a spare has none yet). */
  onFrame: EncodedFrame = () => undefined;
  /** Frames handed out so far: after the first, a new viewer needs a fresh key frame. */
  emitted = 0;
  /** Called once the first frame is out. */
  afterFirstFrame: () => void = () => undefined;
  private readonly ffmpeg: ChildProcessWithoutNullStreams;
  /** When each frame still inside the encoder was drawn: one access unit comes out per frame in. */
  private readonly capturedAt: number[] = [];
  private closed = false;
  /** The CPU time last read: what is told once the process has gone, so the total never goes back. */
  private cpuSeen = 0;

  constructor(
    ffmpegPath: string,
    readonly shape: EncoderShape,
  ) {
    const { width, height, fps, bitrateKbps } = shape;
    const { maxrate, bufsize } = vbv(shape);
    this.ffmpeg = spawn(ffmpegPath, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`],
      ...['-framerate', String(fps), '-i', '-', '-an', '-vsync', '0'],
      // One thread: a frame split into slices for several threads waits for the last of them to be
      // scheduled, which on a busy host is the tap → frame tail (p95 45 → 36 ms in bench/stream).
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-threads', '1'],
      ...['-profile:v', 'baseline', '-level', '3.1', '-pix_fmt', 'yuv420p', '-b:v', `${bitrateKbps}k`],
      ...['-maxrate', `${maxrate}k`, '-bufsize', `${bufsize}k`, '-g', String(fps * 60)],
      // The priming frames come first (below); the first real one is a key frame.
      ...['-force_key_frames', `expr:eq(n,${PRIMING_FRAMES})`, '-forced-idr', '1'],
      ...['-flush_packets', '1', '-f', 'flv', '-'],
    ]);
    let primed = 0;
    const reader = new FlvReader(({ data, key }) => {
      if (primed < PRIMING_FRAMES) return void primed++;
      this.emitted++;
      this.onFrame(data, key, this.capturedAt.shift() ?? Date.now());
      if (this.emitted === 1) setImmediate(this.afterFirstFrame);
    });
    this.ffmpeg.stdout.on('data', (chunk: Buffer) => reader.push(chunk));
    this.ffmpeg.stdin.on('error', () => undefined);
    this.ffmpeg.on('exit', () => (this.closed = true));
    const blank = Buffer.alloc(width * height * 4);
    for (let i = 0; i < PRIMING_FRAMES; i++) this.ffmpeg.stdin.write(blank);
  }

  get alive(): boolean {
    return !this.closed;
  }

  encode(rgba: Uint8Array, capturedAt: number): void {
    if (this.closed) return;
    this.capturedAt.push(capturedAt);
    this.ffmpeg.stdin.write(rgba, () => frameHandedOver());
  }

  /** CPU seconds this encoder's ffmpeg has used (0 where the system does not tell). */
  cpuSeconds(): number {
    if (!this.closed) this.cpuSeen = Math.max(this.cpuSeen, processCpuSeconds(this.ffmpeg.pid) ?? 0);
    return this.cpuSeen;
  }

  close(): void {
    this.cpuSeconds(); // the last reading, before the process goes
    this.closed = true;
    this.onFrame = () => undefined;
    this.ffmpeg.stdin.end();
    this.ffmpeg.kill('SIGKILL');
  }
}
