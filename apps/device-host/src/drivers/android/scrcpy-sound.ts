import type { Adb } from '@yume-chan/adb';
import type { AdbScrcpyClient, AdbScrcpyOptions3_3_3 } from '@yume-chan/adb-scrcpy';
import type { ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import type { SoundFormat } from '@cloudphone/contracts/stream';
import type { EncodedSound } from '../phone-driver';
import { ScrcpyRun, startScrcpy } from './scrcpy-link';

/** What scrcpy's Opus is (`AudioCodec`: 48 kHz stereo): the viewers' decoders are told it. */
export const SCRCPY_SOUND: SoundFormat = { codec: 'opus', sampleRate: 48_000, channels: 2 };

/**
 * The device's sound from a scrcpy server of its own (audio only, started while someone listens):
 * Opus as the device encodes it — Android 11 and later capture what the phone plays — each packet
 * passed on as it comes, never decoded on the host. A device that cannot capture says so on its
 * socket, and its listeners hear nothing.
 */
export class ScrcpySound extends ScrcpyRun implements EncodedSound {
  private listener: ((packet: Buffer, capturedAt: number) => void) | undefined;

  constructor(
    adb: Adb | undefined,
    /** The host's clock: a packet is stamped as it arrives (the device's PTS is its own clock's). */
    private readonly now: () => number,
  ) {
    // The first socket is the audio one: the device's name is not asked on it (see AndroidDevice).
    const options = { video: false, audio: true, audioCodec: 'opus', control: false, sendDeviceMeta: false } as const;
    super(adb ? startScrcpy(adb, options) : Promise.reject(new Error('the device is not connected')));
  }

  onPacket(listener: (packet: Buffer, capturedAt: number) => void): void {
    this.listener = listener;
  }

  protected async run(client: AdbScrcpyClient<AdbScrcpyOptions3_3_3<boolean>>): Promise<void> {
    const audio = await client.audioStream;
    if (audio?.type !== 'success') return;
    const reader = (audio.stream as unknown as ReadableStream<ScrcpyMediaStreamPacket>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || this.closed) break;
      // The configuration packet is Opus's header (OpusHead): WebCodecs takes Opus without one.
      if (value.type === 'data') this.listener?.(Buffer.from(value.data), this.now());
    }
  }
}
