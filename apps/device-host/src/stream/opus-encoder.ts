import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { OggOpusReader } from './ogg-opus-reader';
import { processCpuSeconds } from './process-cpu';

/** The phone's sound as the host mixes it: 16-bit PCM, 48 kHz, one channel (what Opus codes natively). */
export const SOUND_RATE = 48_000;
export const SOUND_CHANNELS = 1;
/** One Opus packet codes this long: short enough for the live edge, long enough to cost little. */
export const SOUND_FRAME_MS = 20;
const FRAME_SAMPLES = (SOUND_RATE * SOUND_FRAME_MS) / 1000;
/** ffmpeg's raw PCM input hands on blocks of this many samples: a part block waits for the next write. */
const INPUT_BLOCK_SAMPLES = 1024;
const samplesPerMs = SOUND_RATE / 1000;

/**
 * Opus through ffmpeg/libopus (issue 59), one encoder per phone however many listen. PCM goes in only
 * while the phone makes a sound; each packet comes out of an Ogg page of its own (`page_duration` one
 * frame) the moment it is coded, stamped with the capture time of the samples it holds. A sound is
 * followed by a frame of silence and padded to ffmpeg's input blocks, so all of it is coded at once:
 * what waits in the encoder for the next sound (less than a frame) is silence.
 */
export class OpusEncoder {
  onPacket: (packet: Buffer, capturedAt: number) => void = () => undefined;
  private readonly ffmpeg: ChildProcessWithoutNullStreams;
  /** Where each write began in the stream's samples, and when it was captured. */
  private readonly writes: { start: number; at: number }[] = [];
  private written = 0;
  private packets = 0;
  private closed = false;
  private cpuSeen = 0;

  constructor(ffmpegPath: string) {
    this.ffmpeg = spawn(ffmpegPath, [
      ...['-hide_banner', '-loglevel', 'error', '-probesize', '32', '-analyzeduration', '0'],
      ...['-f', 's16le', '-ar', String(SOUND_RATE)],
      ...['-ac', String(SOUND_CHANNELS), '-i', '-', '-vn', '-c:a', 'libopus', '-application', 'lowdelay'],
      ...['-frame_duration', String(SOUND_FRAME_MS), '-b:a', '48k', '-page_duration', String(SOUND_FRAME_MS * 1000)],
      ...['-flush_packets', '1', '-f', 'ogg', '-'],
    ]);
    const reader = new OggOpusReader((packet) => this.onPacket(packet, this.captureTimeOf(this.packets++)));
    this.ffmpeg.stdout.on('data', (chunk: Buffer) => reader.push(chunk));
    this.ffmpeg.stdin.on('error', () => undefined);
    this.ffmpeg.on('exit', () => (this.closed = true));
  }

  get alive(): boolean {
    return !this.closed;
  }

  /** Samples captured at `capturedAt`: a sound, coded at once. */
  encode(samples: Int16Array, capturedAt: number): void {
    if (this.closed || samples.length === 0) return;
    const blocks = Math.ceil((samples.length + FRAME_SAMPLES) / INPUT_BLOCK_SAMPLES);
    const padded = new Int16Array(blocks * INPUT_BLOCK_SAMPLES);
    padded.set(samples);
    this.writes.push({ start: this.written, at: capturedAt });
    this.written += padded.length;
    this.ffmpeg.stdin.write(Buffer.from(padded.buffer));
  }

  /** The capture time of packet `index`'s first sample (its write's, plus how far into it). */
  private captureTimeOf(index: number): number {
    const sample = index * FRAME_SAMPLES;
    while (this.writes.length > 1 && this.writes[1]!.start <= sample) this.writes.shift();
    const write = this.writes[0];
    return write ? write.at + (sample - write.start) / samplesPerMs : Date.now();
  }

  cpuSeconds(): number {
    if (!this.closed) this.cpuSeen = Math.max(this.cpuSeen, processCpuSeconds(this.ffmpeg.pid) ?? 0);
    return this.cpuSeen;
  }

  close(): void {
    this.cpuSeconds();
    this.closed = true;
    this.onPacket = () => undefined;
    this.ffmpeg.stdin.end();
    this.ffmpeg.kill('SIGKILL');
  }
}
