/** The virtual phones' sounds (issue 59), made as PCM: 16-bit, 48 kHz, one channel. */
const RATE = 48_000;
/** The phone's volume steps, as Android's media volume has them. */
export const VOLUME_STEPS = 15;
export const DEFAULT_VOLUME = 8;

/** A tone of `hz` for `ms`, fading out, at `level` of full scale. */
function tone(hz: number, ms: number, level: number): Float32Array {
  const samples = new Float32Array(Math.round((RATE * ms) / 1000));
  for (let i = 0; i < samples.length; i++) {
    const fade = 1 - i / samples.length;
    samples[i] = level * fade * fade * Math.sin((2 * Math.PI * hz * i) / RATE);
  }
  return samples;
}

/** A key's click: a short, bright tick. */
const CLICK = tone(2_400, 25, 0.5);
/** A coin: two bell notes, the second a fourth above (the idle game's gold growing). */
const COIN = (() => {
  const first = tone(1_319, 70, 0.45);
  const second = tone(1_760, 140, 0.45);
  const both = new Float32Array(first.length + second.length);
  both.set(first);
  both.set(second, first.length);
  return both;
})();

export type PhoneSoundName = 'click' | 'coin';
const SOUNDS: Record<PhoneSoundName, Float32Array> = { click: CLICK, coin: COIN };

/** The sound as PCM at the phone's volume (0 silent … VOLUME_STEPS full); none at volume 0. */
export function soundAt(name: PhoneSoundName, volume: number): Int16Array | undefined {
  if (volume <= 0) return undefined;
  const gain = Math.min(volume, VOLUME_STEPS) / VOLUME_STEPS;
  const wave = SOUNDS[name];
  const pcm = new Int16Array(wave.length);
  for (let i = 0; i < wave.length; i++) pcm[i] = Math.round(wave[i]! * gain * 32_767);
  return pcm;
}

/** How often the idle game's gold is looked at for a coin, while someone listens. */
const COIN_CHECK_MS = 1_000;

/**
 * A virtual phone's speaker (issue 59): key clicks, the idle game's coins while it is open and its gold
 * grows, at the phone's own volume (the volume keys). It makes sound only for listeners: the game is
 * looked at only while someone listens, so an idle phone costs nothing.
 */
export class VirtualSpeaker {
  private readonly listeners = new Set<(samples: Int16Array, capturedAt: number) => void>();
  private coinTimer: NodeJS.Timeout | undefined;
  private lastGold: number | undefined;

  constructor(
    private readonly phone: {
      now(): number;
      /** 0 … VOLUME_STEPS. */
      volume(): number;
      setVolume(volume: number): void;
      /** The game's gold while the game is on screen, else undefined. */
      goldOnScreen(): number | undefined;
    },
  ) {}

  listen(listener: (samples: Int16Array, capturedAt: number) => void): () => void {
    this.listeners.add(listener);
    this.coinTimer ??= setInterval(() => this.coinIfGoldGrew(), COIN_CHECK_MS);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      clearInterval(this.coinTimer);
      this.coinTimer = undefined;
    };
  }

  play(name: PhoneSoundName): void {
    if (this.listeners.size === 0) return;
    const samples = soundAt(name, this.phone.volume());
    if (!samples) return;
    const at = this.phone.now();
    for (const listener of this.listeners) listener(samples, at);
  }

  /** A volume key: a step up or down, and a click at the new volume. */
  stepVolume(by: number): void {
    this.phone.setVolume(Math.max(0, Math.min(VOLUME_STEPS, this.phone.volume() + by)));
    this.play('click');
  }

  private coinIfGoldGrew(): void {
    const gold = this.phone.goldOnScreen();
    if (gold !== undefined && this.lastGold !== undefined && gold > this.lastGold) this.play('coin');
    this.lastGold = gold;
  }
}
