import type { Duplex } from 'node:stream';
import { serviceStream, type ServiceIo } from '../../src/adb/service-stream';
import { ackClipboardMessage, clipboardMessage, readControlMessage, type ControlMessage } from './control-messages';

/** The scrcpy version the double is written from: `@yume-chan/scrcpy` 2.3's `latest` pins it. */
export const SCRCPY_VERSION = '3.3.3';
/** Codec ids (`util/Codec.java`): the codec's name as a big-endian u32. */
const H264_CODEC_ID = 0x68_32_36_34;
const OPUS_CODEC_ID = 0x6f_70_75_73;
/** One Opus packet of 20 ms of silence (CELT, full band): what a device that plays nothing sends. */
export const SILENT_OPUS_PACKET = Buffer.from([0xf8, 0xff, 0xfe]);
/** How often a server sends an audio packet: scrcpy's encoder codes 20 ms frames, sound or silence. */
const AUDIO_FRAME_MS = 20;
/** `DesktopConnection.DEVICE_NAME_FIELD_LENGTH`. */
const DEVICE_NAME_BYTES = 64;
const PACKET_FLAG_CONFIG = 1n << 63n;
const PACKET_FLAG_KEY_FRAME = 1n << 62n;

/** The server's options it reads (`Options.parse`): `key=value` after the client's version. */
export interface ServerOptions {
  scid: number;
  video: boolean;
  audio: boolean;
  control: boolean;
  tunnelForward: boolean;
  maxSize: number;
  maxFps: number;
  videoBitRate: number;
  /** `video_codec_options`, e.g. `profile=1` (Baseline). */
  videoCodecOptions: string;
  sendDeviceMeta: boolean;
  sendFrameMeta: boolean;
  sendDummyByte: boolean;
  sendCodecMeta: boolean;
  clipboardAutosync: boolean;
}

/** Parses `app_process`'s arguments after the class name; a version other than ours fails, as the server does. */
export function parseServerOptions(args: readonly string[]): ServerOptions {
  const [version, ...pairs] = args;
  if (version !== SCRCPY_VERSION)
    throw new Error(`The server version (${SCRCPY_VERSION}) does not match the client (${version ?? ''})`);
  const options: ServerOptions = {
    scid: -1,
    video: true,
    audio: true,
    control: true,
    tunnelForward: false,
    maxSize: 0,
    maxFps: 0,
    videoBitRate: 8_000_000,
    videoCodecOptions: '',
    sendDeviceMeta: true,
    sendFrameMeta: true,
    sendDummyByte: true,
    sendCodecMeta: true,
    clipboardAutosync: true,
  };
  const flag = (value: string) => value === 'true';
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const [key, value] = [pair.slice(0, at), pair.slice(at + 1)];
    switch (key) {
      case 'scid':
        options.scid = Number.parseInt(value, 16);
        break;
      case 'max_size':
      case 'max_fps':
      case 'video_bit_rate':
        options[key === 'max_size' ? 'maxSize' : key === 'max_fps' ? 'maxFps' : 'videoBitRate'] = Number(value);
        break;
      case 'video_codec_options':
        options.videoCodecOptions = value;
        break;
      case 'video':
      case 'audio':
      case 'control':
        options[key] = flag(value);
        break;
      case 'tunnel_forward':
        options.tunnelForward = flag(value);
        break;
      case 'send_device_meta':
      case 'send_frame_meta':
      case 'send_dummy_byte':
      case 'send_codec_meta': {
        const name = key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as 'sendDeviceMeta';
        options[name] = flag(value);
        break;
      }
      case 'clipboard_autosync':
        options.clipboardAutosync = flag(value);
        break;
      case 'raw_stream':
        if (flag(value))
          options.sendDeviceMeta = options.sendFrameMeta = options.sendDummyByte = options.sendCodecMeta = false;
        break;
      // The rest (log_level, cleanup, power_on, video_codec, …) change nothing a double shows.
    }
  }
  return options;
}

/** `DesktopConnection.getSocketName`: `scrcpy`, or `scrcpy_%08x` of the scid. */
export function socketNameOf(scid: number): string {
  return scid === -1 ? 'scrcpy' : `scrcpy_${scid.toString(16).padStart(8, '0')}`;
}

/** What the phone behind the double gives one server: its screen encoded, its controls, its name. */
export interface DoublePhone {
  deviceName(): string;
  /**
   * Starts encoding its screen with the long side at most `maxSize` (0: as it is): each access unit
   * (Annex B) as it comes. Returns how to ask a key frame and to stop.
   */
  encode(
    options: { maxSize: number; maxFps: number; bitRate: number; baseline: boolean },
    onUnit: (unit: Buffer, key: boolean) => void,
  ): { size: { width: number; height: number }; keyFrame(): void; stop(): void };
  /** Applies a control message (a touch at pixels of `screen`, a key, text, the clipboard). */
  control(message: ControlMessage): void;
  clipboard(): string;
  onClipboard(listener: (text: string) => void): () => void;
}

/**
 * One scrcpy server the client started (`app_process … com.genymobile.scrcpy.Server 3.3.3 …`), as
 * the real one behaves (`Server.java`, `DesktopConnection.java`, `Streamer.java`): it listens on
 * `localabstract:scrcpy_<scid>` (the forward tunnel; the double has no reverse), accepts the video,
 * audio and control sockets in that order, sends the dummy byte and the device name on the first,
 * the codec header and framed packets on the video socket, and reads control messages.
 */
export class ScrcpyServerDouble {
  readonly socketName: string;
  private readonly expected: ('video' | 'audio' | 'control')[];
  private firstSent = false;
  private readonly stops: (() => void)[] = [];
  private output: ServiceIo | undefined;
  private ended = false;
  private endOutput: (() => void) | undefined;

  constructor(
    readonly options: ServerOptions,
    private readonly phone: DoublePhone,
    /** It no longer listens (all its sockets accepted, or it ended). */
    private readonly stopListening: () => void,
  ) {
    this.socketName = socketNameOf(options.scid);
    this.expected = [
      ...(options.video ? (['video'] as const) : []),
      ...(options.audio ? (['audio'] as const) : []),
      ...(options.control ? (['control'] as const) : []),
    ];
  }

  /** The process's output (stdout and stderr, what `exec:` carries); it ends when the server does. */
  process(): Duplex {
    return serviceStream(async (io) => {
      this.output = io;
      await io.write(`[server] INFO: Device: ${this.phone.deviceName()}\n`);
      await new Promise<void>((resolve) => (this.endOutput = resolve));
    }).on('close', () => this.end());
  }

  /** A client connected to its socket name: the next socket it waits for, or null once it has them all. */
  accept(): Duplex | null {
    const kind = this.expected.shift();
    if (!kind) return null;
    if (this.expected.length === 0) this.stopListening();
    const first = !this.firstSent;
    this.firstSent = true;
    return serviceStream(async (io) => {
      if (first && this.options.tunnelForward && this.options.sendDummyByte) await io.write(Buffer.of(0));
      if (first && this.options.sendDeviceMeta) {
        const name = Buffer.alloc(DEVICE_NAME_BYTES);
        name.write(this.phone.deviceName().slice(0, DEVICE_NAME_BYTES - 1), 'utf8');
        await io.write(name);
      }
      if (kind === 'video') await this.streamVideo(io);
      else if (kind === 'audio') await this.streamAudio(io);
      else await this.control(io);
    }).on('close', () => this.end());
  }

  /** Ends the server: its sockets and process close, as when a socket breaks on a handset. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.stopListening();
    for (const stop of this.stops.splice(0)) stop();
    this.endOutput?.();
  }

  private async streamVideo(io: ServiceIo): Promise<void> {
    const { maxSize, maxFps, videoBitRate, videoCodecOptions } = this.options;
    let writing = Promise.resolve();
    const send = (packet: Buffer, flags: bigint, pts: bigint) => {
      const header = Buffer.alloc(12);
      header.writeBigUInt64BE(flags | pts, 0);
      header.writeUInt32BE(packet.length, 8);
      writing = writing.then(() => io.write(this.options.sendFrameMeta ? Buffer.concat([header, packet]) : packet));
    };
    const started = process.hrtime.bigint();
    const encoding = this.phone.encode(
      { maxSize, maxFps, bitRate: videoBitRate, baseline: /(^|,)profile(:int)?=1(,|$)/.test(videoCodecOptions) },
      (unit, key) => {
        if (io.closed) return;
        const pts = (process.hrtime.bigint() - started) / 1000n;
        // MediaCodec gives the parameter sets as a config packet of their own, then the frame.
        const { config, frame } = splitParameterSets(unit);
        if (config.length) send(config, PACKET_FLAG_CONFIG, 0n);
        send(frame, key ? PACKET_FLAG_KEY_FRAME : 0n, pts);
      },
    );
    this.stops.push(() => encoding.stop());
    this.keyFrame = () => encoding.keyFrame();
    if (this.options.sendCodecMeta) {
      const header = Buffer.alloc(12);
      header.writeUInt32BE(H264_CODEC_ID, 0);
      header.writeUInt32BE(encoding.size.width, 4);
      header.writeUInt32BE(encoding.size.height, 8);
      await io.write(header);
    }
    encoding.keyFrame();
    await new Promise<void>((resolve) => this.stops.push(resolve));
    await writing;
  }

  /**
   * The audio socket (`AudioEncoder`): the codec id, Opus's header as a config packet, then a packet
   * every 20 ms for as long as it runs — the double's devices play nothing, so each is silence.
   */
  private async streamAudio(io: ServiceIo): Promise<void> {
    const packet = (data: Buffer, flags: bigint, pts: bigint) => {
      const header = Buffer.alloc(12);
      header.writeBigUInt64BE(flags | pts, 0);
      header.writeUInt32BE(data.length, 8);
      return this.options.sendFrameMeta ? Buffer.concat([header, data]) : data;
    };
    const codec = Buffer.alloc(4);
    codec.writeUInt32BE(OPUS_CODEC_ID, 0);
    if (this.options.sendCodecMeta) await io.write(codec);
    await io.write(packet(opusHead(), PACKET_FLAG_CONFIG, 0n));
    for (let frame = 0n; !io.closed && !this.ended; frame++) {
      await io.write(packet(SILENT_OPUS_PACKET, 0n, frame * BigInt(AUDIO_FRAME_MS * 1000)));
      await new Promise((resolve) => setTimeout(resolve, AUDIO_FRAME_MS));
    }
  }

  /** RESET_VIDEO on the control socket: the encoder starts again, from a key frame. */
  private keyFrame: () => void = () => undefined;

  private async control(io: ServiceIo): Promise<void> {
    let writing = Promise.resolve();
    const send = (message: Buffer): void => void (writing = writing.then(() => io.write(message)));
    if (this.options.clipboardAutosync) this.stops.push(this.phone.onClipboard((text) => send(clipboardMessage(text))));
    for (;;) {
      const message = await readControlMessage(io.input);
      if (!message) break;
      if (message.type === 'reset-video') this.keyFrame();
      else if (message.type === 'get-clipboard') send(clipboardMessage(this.phone.clipboard()));
      else this.phone.control(message);
      // A sequence other than 0 asks for an ack once the clipboard is set (SEQUENCE_INVALID is 0).
      if (message.type === 'set-clipboard' && message.sequence !== 0n) send(ackClipboardMessage(message.sequence));
    }
    await writing;
    this.end();
  }
}

/** Opus's identification header (RFC 7845 §5.1) for 48 kHz stereo, as scrcpy sends it in its config packet. */
function opusHead(): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(2, 9); // channels
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(48_000, 12);
  return head;
}

/** An access unit's SPS and PPS (NAL types 7 and 8), and the rest, each still Annex B. */
export function splitParameterSets(unit: Buffer): { config: Buffer; frame: Buffer } {
  const starts: number[] = [];
  for (let i = 0; i + 3 < unit.length; i++)
    if (unit[i] === 0 && unit[i + 1] === 0 && unit[i + 2] === 1) {
      starts.push(i > 0 && unit[i - 1] === 0 ? i - 1 : i);
      i += 2;
    }
  const config: Buffer[] = [];
  const frame: Buffer[] = [];
  starts.forEach((start, n) => {
    const nal = unit.subarray(start, starts[n + 1] ?? unit.length);
    const header = nal[nal[2] === 1 ? 3 : 4]! & 0x1f;
    (header === 7 || header === 8 ? config : frame).push(nal);
  });
  return { config: Buffer.concat(config), frame: Buffer.concat(frame) };
}
