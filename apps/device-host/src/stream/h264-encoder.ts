import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

const AUD = Buffer.from([0, 0, 0, 1, 9]);
// ffmpeg writes each encoded frame at once; a pause this long after data means the frame is complete.
const FRAME_GAP_MS = 2;

/**
 * H.264 baseline through ffmpeg/libx264 (`ultrafast`, `zerolatency`), one encoder per viewer.
 * Raw RGBA frames go in as the screen changes; Annex-B access units come out, split at the access
 * unit delimiters x264 is told to emit. A new encoder starts with a key frame. The arguments work
 * with ffmpeg 4.1 (the packaged one) as with newer system builds.
 */
export class H264Encoder {
  private readonly ffmpeg: ChildProcessWithoutNullStreams;
  private pending = Buffer.alloc(0);
  private flushTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    ffmpegPath: string,
    readonly width: number,
    readonly height: number,
    fps: number,
    bitrateKbps: number,
    private readonly onFrame: (accessUnit: Buffer, key: boolean) => void,
  ) {
    this.ffmpeg = spawn(ffmpegPath, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`],
      ...[
        '-framerate',
        String(fps),
        '-i',
        '-',
        '-an',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
      ],
      ...['-profile:v', 'baseline', '-level', '3.1', '-pix_fmt', 'yuv420p', '-b:v', `${bitrateKbps}k`],
      ...['-maxrate', `${bitrateKbps * 2}k`, '-bufsize', `${bitrateKbps}k`, '-g', String(fps * 60)],
      ...['-x264-params', 'aud=1:repeat-headers=1', '-flush_packets', '1', '-f', 'h264', '-'],
    ]);
    this.ffmpeg.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.ffmpeg.stdin.on('error', () => undefined);
    this.ffmpeg.on('exit', () => (this.closed = true));
  }

  encode(rgba: Uint8Array): void {
    if (!this.closed) this.ffmpeg.stdin.write(rgba);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.flushTimer);
    this.ffmpeg.stdin.end();
    this.ffmpeg.kill('SIGKILL');
  }

  private receive(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    // Everything before the last delimiter is complete access units.
    let start = this.pending.indexOf(AUD);
    let next = start < 0 ? -1 : this.pending.indexOf(AUD, start + AUD.length);
    while (start >= 0 && next > 0) {
      this.emit(this.pending.subarray(start, next));
      start = next;
      next = this.pending.indexOf(AUD, start + AUD.length);
    }
    if (start > 0) this.pending = this.pending.subarray(start);
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => {
      if (this.pending.length > 0) this.emit(this.pending);
      this.pending = Buffer.alloc(0);
    }, FRAME_GAP_MS);
  }

  private emit(unit: Buffer): void {
    this.onFrame(Buffer.from(unit), containsIdr(unit));
  }
}

/** An access unit holding an IDR slice (NAL type 5) can start decoding. */
function containsIdr(unit: Buffer): boolean {
  for (let i = 0; i + 3 < unit.length; i++) {
    if (unit[i] === 0 && unit[i + 1] === 0 && unit[i + 2] === 1 && ((unit[i + 3] ?? 0) & 0x1f) === 5) return true;
  }
  return false;
}
