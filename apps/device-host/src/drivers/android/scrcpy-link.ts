import { randomInt } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Adb } from '@yume-chan/adb';
import { AdbScrcpyClient, AdbScrcpyOptions3_3_3 } from '@yume-chan/adb-scrcpy';
import type { ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import type { ReadableStream as TangoReadableStream } from '@yume-chan/stream-extra';
import type { Definition } from '@cloudphone/contracts/stream';
import type { EncodedScreen } from '../phone-driver';

/**
 * The scrcpy server version the host speaks: the one `@yume-chan/scrcpy` 2.3 pins (its `latest`).
 * The operator's `SCRCPY_SERVER` file must be this version; the server refuses any other.
 */
export const SCRCPY_VERSION = '3.3.3';
/** Where the host pushes the server file on each device (readable by `shell`, not world-writable). */
export const SERVER_ON_DEVICE = '/data/local/tmp/cloudphone-scrcpy-server.jar';

/**
 * Pushes the operator's scrcpy server file to the device as it connects, unless the device has it
 * already (the same size where the host puts it: a server of another version refuses to start anyway).
 */
export async function pushScrcpyServer(adb: Adb, file: string): Promise<void> {
  const sync = await adb.sync();
  const there = await sync.lstat(SERVER_ON_DEVICE).catch(() => undefined);
  await sync.dispose();
  if (there && Number(there.size) === statSync(file).size) return;
  const bytes = Readable.toWeb(createReadStream(file)) as unknown as TangoReadableStream<Uint8Array>;
  await AdbScrcpyClient.pushServer(adb, bytes, SERVER_ON_DEVICE);
}

type ServerInit = ConstructorParameters<typeof AdbScrcpyOptions3_3_3>[0];

/**
 * Starts a scrcpy server on the device: its own `scid` (a 31-bit number, so several run at once — a
 * control server, a server per definition watched, the grid's), the forward tunnel (the host connects
 * to `localabstract:scrcpy_<scid>`; a container behind NAT cannot connect back), no audio yet.
 */
export function startScrcpy(adb: Adb, init: ServerInit): Promise<ScrcpyClient> {
  const scid = randomInt(1, 0x7fff_ffff).toString(16).padStart(8, '0');
  const options = new AdbScrcpyOptions3_3_3({
    scid,
    tunnelForward: true,
    audio: false,
    cleanup: false,
    ...init,
  });
  return AdbScrcpyClient.start(adb, SERVER_ON_DEVICE, options);
}

type ScrcpyClient = AdbScrcpyClient<AdbScrcpyOptions3_3_3<boolean>>;

/**
 * A scrcpy server started for one purpose (a screen, a sound), closed with it — also when the device
 * answers only after the close. `run` reads what it sends.
 */
export abstract class ScrcpyRun {
  protected client: ScrcpyClient | undefined;
  protected closed = false;

  constructor(started: Promise<ScrcpyClient>, onError: (error: unknown) => void = () => undefined) {
    started.then((client) => this.attach(client)).catch((error: unknown) => !this.closed && onError(error));
  }

  close(): void {
    this.closed = true;
    void this.client?.close().catch(() => undefined);
  }

  protected abstract run(client: ScrcpyClient): Promise<void>;

  private async attach(client: ScrcpyClient): Promise<void> {
    this.client = client;
    if (this.closed) return void client.close().catch(() => undefined);
    await this.run(client);
  }
}

/**
 * The device's screen at `definition` from a scrcpy server of its own: H.264 as the device encodes
 * it, Baseline asked for (`profile=1`: what a WASM decoder reads; a device without it sends what it
 * has). Each key frame goes out with the parameter sets the server sent before it, so a viewer can
 * start from any key frame; nothing is decoded or encoded on the host.
 */
export class ScrcpyScreen extends ScrcpyRun implements EncodedScreen {
  readonly size: { width: number; height: number };
  private listener: ((unit: Buffer, key: boolean, capturedAt: number) => void) | undefined;
  private keyWanted = false;

  constructor(
    adb: Adb,
    definition: Definition,
    display: { width: number; height: number },
    /** The host's clock: a unit is stamped as it arrives (the device's PTS is its own clock's). */
    private readonly now: () => number,
    onError: (error: unknown) => void,
  ) {
    const maxSize = Math.max(definition.width, definition.height);
    super(
      startScrcpy(adb, {
        control: true,
        maxSize,
        maxFps: definition.fps,
        videoBitRate: definition.bitrate * 1000,
        videoCodecOptions: 'profile=1',
        clipboardAutosync: false,
      }),
      onError,
    );
    const scale = Math.min(1, maxSize / Math.max(display.width, display.height));
    // The server's own rounding (a multiple of 8): what its codec header will say.
    this.size = {
      width: Math.floor((display.width * scale) / 8) * 8,
      height: Math.floor((display.height * scale) / 8) * 8,
    };
  }

  onUnit(listener: (unit: Buffer, key: boolean, capturedAt: number) => void): void {
    this.listener = listener;
  }

  requestKeyFrame(): void {
    if (this.client?.controller) void this.client.controller.resetVideo().catch(() => undefined);
    else this.keyWanted = true;
  }

  protected async run(client: ScrcpyClient): Promise<void> {
    if (this.keyWanted) this.requestKeyFrame();
    const video = await client.videoStream;
    if (!video) return;
    let config: Buffer | undefined;
    const reader = (video.stream as unknown as ReadableStream<ScrcpyMediaStreamPacket>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || this.closed) break;
      if (value.type === 'configuration') {
        config = Buffer.from(value.data);
        continue;
      }
      const key = value.keyframe === true;
      const unit = key && config ? Buffer.concat([config, value.data]) : Buffer.from(value.data);
      this.listener?.(unit, key, this.now());
    }
  }
}
