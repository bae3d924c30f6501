import { LIVE_EDGE_MS, type SoundFormat } from '@cloudphone/contracts/stream';

/** Sound is started this far ahead of now: a frame late by less still plays whole, without a gap. */
const JITTER_S = 0.03;
/** More sound queued than the live edge is dropped: the phone is heard as it is, not as it was. */
const QUEUED_MAX_S = LIVE_EDGE_MS / 1000;

/** Whether this browser can play a phone's sound (WebCodecs' AudioDecoder and Web Audio). */
export function supportsSound(): boolean {
  return typeof window !== 'undefined' && 'AudioDecoder' in window && 'AudioContext' in window;
}

/**
 * The phone's sound in the page (issue 59): Opus frames decoded by WebCodecs' `AudioDecoder` and
 * played through Web Audio at the volume chosen, each as soon as it is decoded plus a small jitter
 * buffer (the video is drawn as soon as it is decoded too, so a click and the frame it changes meet),
 * one after another without gaps; what would queue past the live edge is dropped.
 */
export class SoundPlayer {
  /** Frames decoded so far (the e2e and the stats read it). */
  decoded = 0;
  /** Hears when each decoded frame plays, on `performance.now()`'s clock. */
  onPlay: (playsAt: number) => void = () => undefined;
  private readonly context = new AudioContext({ latencyHint: 'interactive' });
  private readonly gain = this.context.createGain();
  private decoder: AudioDecoder | null = null;
  private nextAt = 0;
  private format: SoundFormat | null = null;

  constructor(volume: number) {
    this.gain.connect(this.context.destination);
    this.setVolume(volume);
    // Made on a user's gesture (the sound control), or in the desktop shell where none is needed.
    void this.context.resume();
  }

  /** Frames of this format follow. */
  configure(format: SoundFormat): void {
    const same = this.format?.codec === format.codec && this.format.channels === format.channels;
    if (same && this.format?.sampleRate === format.sampleRate && this.decoder?.state === 'configured') return;
    this.format = format;
    this.decoder?.close();
    this.decoder = new AudioDecoder({ output: (data) => this.play(data), error: () => (this.decoder = null) });
    this.decoder.configure({ codec: format.codec, sampleRate: format.sampleRate, numberOfChannels: format.channels });
  }

  push(timestamp: number, payload: Uint8Array): void {
    if (this.decoder?.state !== 'configured') return;
    this.decoder.decode(new EncodedAudioChunk({ type: 'key', timestamp: Math.round(timestamp * 1000), data: payload }));
  }

  /** 0 to 1. */
  setVolume(volume: number): void {
    this.gain.gain.value = Math.max(0, Math.min(1, volume));
  }

  close(): void {
    if (this.decoder?.state !== 'closed') this.decoder?.close();
    this.decoder = null;
    void this.context.close();
  }

  private play(data: AudioData): void {
    this.decoded++;
    const now = this.context.currentTime;
    const start = Math.max(now + JITTER_S, this.nextAt);
    if (start - now > QUEUED_MAX_S) return data.close();
    const buffer = this.context.createBuffer(data.numberOfChannels, data.numberOfFrames, data.sampleRate);
    for (let channel = 0; channel < data.numberOfChannels; channel++) {
      const samples = new Float32Array(data.numberOfFrames);
      data.copyTo(samples, { planeIndex: channel, format: 'f32-planar' });
      buffer.copyToChannel(samples, channel);
    }
    data.close();
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.gain);
    source.start(start);
    this.nextAt = start + buffer.duration;
    this.onPlay(performance.now() + (start - now) * 1000);
  }
}
