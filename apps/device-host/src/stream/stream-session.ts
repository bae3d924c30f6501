import type { WebSocket } from 'ws';
import type { AccessClaims } from '@cloudphone/contracts/sdk';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import {
  clientMessageSchema,
  FRAME_HEADER_BYTES,
  FrameKind,
  H264_CODEC_STRING,
  type ClientMessage,
  type Definition,
  type HostMessage,
  type PhoneOrientation,
  type PhoneStatus,
  type StreamCloseReason,
} from '@cloudphone/contracts/stream';
import type { Clock } from '../clock';
import { roleOf } from '../policy/access-control';
import type { InputPath, InputSource } from '../policy/input-path';
import type { VirtualPhone } from '../phones/virtual-phone';
import type { Ffmpeg } from './ffmpeg';
import { H264Encoder } from './h264-encoder';

const JPEG_QUALITY = 70;
/** Past this much unsent data the viewer's link is full: skip drawing until it drains. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function frame(kind: number, capturedAt: number, payload: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  out[0] = kind;
  out.writeDoubleLE(capturedAt, 1);
  out.set(payload, FRAME_HEADER_BYTES);
  return out;
}

/**
 * One viewer of one phone (DESIGN §4): a config message, then a frame whenever the picture
 * changes (and a key frame on join and on request), the phone's status and clipboard, and the
 * viewer's input applied to the phone unless its key is view-only.
 */
export class StreamSession {
  private encoder: H264Encoder | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastFrameKey = '';
  private lastStatus: PhoneStatus | undefined;
  private lastInputFocus = false;
  private size = { width: 0, height: 0 };
  private orientation: PhoneOrientation = 'portrait';
  private unsubscribe: () => void = () => undefined;
  private lastFrameAt = 0;
  private tickQueued = false;

  constructor(
    private readonly phone: VirtualPhone,
    private readonly socket: WebSocket,
    private readonly claims: AccessClaims,
    /** The encoder for H.264; null sends JPEG frames. */
    private readonly ffmpeg: Ffmpeg | null,
    private definition: Definition,
    private readonly clock: Clock,
    /** The phone's one input path (issue 20): what the viewer sends goes through it or is refused. */
    private readonly input: InputPath,
  ) {
    this.source = { role: roleOf(claims), syncId: claims.s };
  }

  /** Whether this viewer may drive the phone (a view grant's stream only watches). */
  get controls(): boolean {
    return this.source.role !== 'view';
  }

  private readonly source: InputSource;

  start(): void {
    this.unsubscribe = this.phone.subscribe((event) => {
      if (event.type === 'clipboard') this.sendClipboard(event.text);
      else this.tickSoon();
    });
    this.socket.on('message', (data, isBinary) => {
      if (!isBinary) this.receive(data.toString());
    });
    this.socket.on('close', () => this.stop());
    this.restart();
  }

  /** Ends the stream, telling the viewer why first when access was taken away. */
  close(reason?: StreamCloseReason): void {
    if (reason) this.send({ type: 'closed', reason });
    this.socket.close(4003, reason ?? 'closed');
    this.stop();
  }

  get userId(): number {
    return this.claims.u;
  }

  get issuedAt(): number {
    return this.claims.n;
  }

  /** (Re)starts at the current definition: a new config, and a key frame first. */
  private restart(): void {
    clearInterval(this.timer);
    this.encoder?.close();
    this.encoder = undefined;
    this.lastFrameKey = '';
    this.timer = setInterval(() => this.tick(), Math.round(1000 / this.definition.fps));
    this.tick();
  }

  /**
   * A change shows at once instead of at the next poll, which is what keeps tap-to-frame latency
   * low; within one frame interval of the last frame the poll picks it up, so fps still holds.
   */
  private tickSoon(): void {
    if (this.tickQueued || performance.now() - this.lastFrameAt < 1000 / this.definition.fps) return;
    this.tickQueued = true;
    setImmediate(() => {
      this.tickQueued = false;
      if (this.timer) this.tick();
    });
  }

  private tick(): void {
    const now = this.clock.now();
    if (this.claims.e <= now) return this.close('expired');
    const status = this.phone.status(now);
    if (status !== this.lastStatus) {
      this.lastStatus = status;
      this.send({ type: 'status', status });
    }
    // The viewer's keyboard follows the phone's text field (a view-only viewer cannot type).
    const inputFocus = this.claims.p === 'control' && this.phone.textFieldFocused();
    if (inputFocus !== this.lastInputFocus) {
      this.lastInputFocus = inputFocus;
      this.send({ type: 'input-focus', focused: inputFocus });
    }
    const key = this.phone.frameKey(now);
    if (key === this.lastFrameKey || this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    this.lastFrameKey = key;
    this.lastFrameAt = performance.now();
    this.drawFrame(now);
  }

  private drawFrame(capturedAt: number): void {
    const canvas = this.phone.render(this.definition.width);
    const resized = canvas.width !== this.size.width || canvas.height !== this.size.height;
    if (resized) {
      this.encoder?.close();
      this.encoder = undefined;
    }
    // A turned display keeps the frame's size (and the encoder): only the viewer's picture turns.
    if (resized || this.phone.orientation !== this.orientation) {
      this.size = { width: canvas.width, height: canvas.height };
      this.orientation = this.phone.orientation;
      this.send({
        type: 'config',
        codec: this.ffmpeg ? 'h264' : 'jpeg',
        ...(this.ffmpeg ? { codecString: H264_CODEC_STRING } : {}),
        width: canvas.width,
        height: canvas.height,
        fps: this.definition.fps,
        permission: this.claims.p,
        orientation: this.orientation,
      });
    }
    if (!this.ffmpeg) {
      this.sendBinary(frame(FrameKind.jpeg, capturedAt, canvas.encodeSync('jpeg', JPEG_QUALITY)));
      return;
    }
    this.encoder ??= new H264Encoder(
      this.ffmpeg.path,
      canvas.width,
      canvas.height,
      this.definition.fps,
      this.definition.bitrate,
      (unit, isKey) => this.sendBinary(frame(isKey ? FrameKind.h264Key : FrameKind.h264Delta, this.clock.now(), unit)),
    );
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    this.encoder.encode(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength));
  }

  private receive(text: string): void {
    let message: ClientMessage;
    try {
      message = clientMessageSchema.parse(JSON.parse(text));
    } catch {
      return;
    }
    switch (message.type) {
      case 'definition':
        this.definition = message.definition;
        this.size = { width: 0, height: 0 };
        return this.restart();
      case 'keyframe':
        this.size = { width: 0, height: 0 };
        return this.restart();
      case 'ping':
        return this.send({ type: 'pong', t: message.t });
      case 'clipboard-get': {
        const refused = this.input.refusal(this.phone.state.instanceNo, this.source, 'input');
        return refused ? this.refuse(refused, message.type) : this.sendClipboard(this.phone.clipboard);
      }
      default: {
        const refused = this.input.apply(this.phone.state.instanceNo, this.source, message);
        if (refused) this.refuse(refused, message.type);
      }
    }
  }

  /** The viewer is told why its message did nothing (a view-only key, a phone being cloned…). */
  private refuse(key: ErrorKey, message: ClientMessage['type']): void {
    this.send({ type: 'refused', key, message });
  }

  /** The owner's clipboard goes only to those who may control the phone, never to a view-only grant. */
  private sendClipboard(text: string): void {
    if (this.claims.p === 'control') this.send({ type: 'clipboard', text });
  }

  private send(message: HostMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private sendBinary(data: Buffer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(data);
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.encoder?.close();
    this.encoder = undefined;
    this.unsubscribe();
  }
}
