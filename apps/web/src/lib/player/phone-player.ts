import {
  FRAME_HEADER_BYTES,
  FrameKind,
  UNDECODABLE_STREAM_CODE,
  type ClientMessage,
  type Codec,
  type Definition,
  type HostMessage,
  type SoundFormat,
} from '@cloudphone/contracts/stream';
import { rendererFor } from './frame-renderer';
import { supportsWebCodecs, type FrameRenderer, type RendererEvents } from './renderer';
import { attachInput } from './input-mapper';
import { PictureView } from './picture-view';
import type { PlayerOptions, PlayerStats } from './player-events';
import { SoundPlayer, supportsSound } from './sound-player';
import { attachTextInput } from './text-input';

/**
 * The phone-screen player (DESIGN §4): connects to a host's stream, asks for H.264 where WebCodecs
 * can decode it (JPEG elsewhere), draws whichever codec the host announces in its config message,
 * sends the viewer's input, and reports frames, bitrate and latency. Mounted once on a canvas and
 * driven imperatively, outside React.
 */
export class PhonePlayer {
  /** The codec asked for; the host may answer with JPEG (it has no H.264 encoder). */
  private preferred: Codec;
  private socket: WebSocket | null = null;
  private renderer: FrameRenderer | null = null;
  private readonly view: PictureView;
  /** The stream the renderer was set up for; a config that only turns the display keeps it. */
  private lastConfig: Extract<HostMessage, { type: 'config' }> | null = null;
  private readonly rendererEvents: RendererEvents;
  private detachInput: () => void = () => undefined;
  private detachKeyboard: () => void = () => undefined;
  /** The keyboard's field, and whether a text field on the phone has focus (then presses focus it). */
  private keyboard: { field: HTMLTextAreaElement | null; focused: boolean } = {
    field: null,
    focused: false,
  };
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private closedByUs = false;
  /** The definition the viewer chose since connecting, or "auto", asked for again on a reconnect. */
  private chosenDefinition: Definition | 'auto' | null = null;
  private readonly window = { frames: [] as number[], bytes: [] as [number, number][] };
  private readonly counters: PlayerStats;
  /** Frames received on this stream: each is confirmed to the host, which measures the link by them. */
  private received = 0;
  /**
   * The host's clock less this one's, from the pong with the shortest round trip (the truest): the
   * capture time of a frame is the host's.
   */
  private clockOffset = { ms: 0, rttMs: Infinity };
  /** The phone's sound while the viewer has it on (issue 59), and its format as the host's config names it. */
  private sound: SoundPlayer | null = null;
  private soundFormat: SoundFormat | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly options: PlayerOptions,
  ) {
    this.view = new PictureView(canvas);
    this.preferred = options.forceJpeg || !supportsWebCodecs() ? 'jpeg' : 'h264';
    this.counters = {
      codec: null,
      framesDrawn: 0,
      fps: 0,
      bitrateKbps: 0,
      latencyMs: 0,
      rttMs: 0,
      poorNetwork: false,
      audioFramesDecoded: 0,
    };
    this.rendererEvents = {
      onDrawn: (timestamp) => {
        this.counters.framesDrawn++;
        this.counters.latencyMs = Math.max(0, Math.round(Date.now() + this.clockOffset.ms - timestamp));
        this.window.frames.push(performance.now());
        this.options.onEvent?.({ type: 'frame' });
      },
      onKeyframeNeeded: () => this.send({ type: 'keyframe' }),
      onUndecodable: () => this.undecodable(),
    };
  }

  connect(): void {
    this.closedByUs = false;
    // A new stream starts its decoding afresh, from the config the host sends first.
    this.lastConfig = null;
    this.received = 0;
    this.counters.poorNetwork = false;
    const url = new URL(this.options.streamUrl, window.location.href);
    url.searchParams.set('codec', this.preferred);
    const definition = this.chosenDefinition ?? this.options.definition ?? 'auto';
    url.searchParams.set(
      'definition',
      typeof definition === 'string'
        ? definition
        : `${definition.width}x${definition.height}@${definition.fps}:${definition.bitrate}`,
    );
    const socket = new WebSocket(url);
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (event) =>
      typeof event.data === 'string'
        ? this.onMessage(JSON.parse(event.data) as HostMessage)
        : this.onFrame(event.data as ArrayBuffer);
    socket.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (!this.closedByUs) this.options.onEvent?.({ type: 'disconnected', code: event.code });
    };
    // The sound, when the viewer has it on, is asked for again on every connection.
    socket.onopen = () => this.sound && this.send({ type: 'audio', on: true });
    this.socket = socket;
    this.prepareDecoder();
    this.pingTimer = setInterval(() => this.send({ type: 'ping', t: performance.now() }), 2000);
  }

  /** Leaves the stream (leaving the page destroys the session, spec §2). */
  disconnect(): void {
    this.closedByUs = true;
    clearInterval(this.pingTimer);
    this.detachInput();
    this.detachKeyboard();
    this.socket?.close();
    this.socket = null;
    this.renderer?.close();
    this.renderer = null;
    this.sound?.close();
    this.sound = null;
  }

  /**
   * Turns the phone's sound on at `volume` (0–1), or off: off, the host sends no audio at all. Call it
   * from a user's gesture the first time (browsers start sound only then).
   */
  setSound(on: boolean, volume: number): void {
    if (on && !this.sound && supportsSound()) {
      this.sound = new SoundPlayer(volume);
      this.sound.onPlay = (playsAt) => this.options.onEvent?.({ type: 'sound', playsAt });
      if (this.soundFormat) this.sound.configure(this.soundFormat);
      this.send({ type: 'audio', on: true });
    }
    if (!on && this.sound) {
      this.send({ type: 'audio', on: false });
      this.sound.close();
      this.sound = null;
    }
    this.sound?.setVolume(volume);
  }

  reconnect(): void {
    this.socket?.close();
    this.connect();
  }

  /** Sends pointer, wheel and keyboard input from `element` to the phone. */
  bindInput(element: HTMLElement): void {
    this.detachInput();
    this.detachInput = attachInput(
      element,
      this.canvas,
      (m) => this.send(m),
      () => (this.keyboard.focused && this.keyboard.field) || element,
    );
  }

  /** Sends what is typed or composed in `field` (the local input method) to the phone; null detaches it. */
  bindKeyboard(field: HTMLTextAreaElement | null): void {
    this.detachKeyboard();
    this.detachKeyboard = () => undefined;
    this.keyboard.field = field;
    if (field) this.detachKeyboard = attachTextInput(field, (m) => this.send(m));
  }

  send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Keeps the stream at `definition`, or lets it follow the link ("auto", issue 58). */
  setDefinition(definition: Definition | 'auto'): void {
    this.chosenDefinition = definition;
    this.send({ type: 'definition', definition });
  }

  get stats(): PlayerStats {
    const now = performance.now();
    this.window.frames = this.window.frames.filter((t) => t > now - 1000);
    this.window.bytes = this.window.bytes.filter(([t]) => t > now - 1000);
    this.counters.fps = this.window.frames.length;
    this.counters.audioFramesDecoded = this.sound?.decoded ?? 0;
    this.counters.bitrateKbps = Math.round((this.window.bytes.reduce((sum, [, b]) => sum + b, 0) * 8) / 1000);
    return { ...this.counters };
  }

  private onMessage(message: HostMessage): void {
    switch (message.type) {
      case 'config': {
        // The host says what it sends: follow it, whatever was asked for.
        const sameStream =
          this.renderer?.codec === message.codec &&
          this.lastConfig?.codecString === message.codecString &&
          this.lastConfig?.width === message.width &&
          this.lastConfig?.height === message.height;
        this.lastConfig = message;
        this.soundFormat = message.audio ?? null;
        if (this.soundFormat) this.sound?.configure(this.soundFormat);
        this.view.set(message.width, message.height, message.orientation);
        this.options.onEvent?.({ type: 'orientation', orientation: message.orientation });
        // Only the display turned: the decoder goes on with the same frames.
        if (sameStream) return;
        if (this.renderer?.codec !== message.codec) {
          this.renderer?.close();
          this.renderer = rendererFor(message.codec, this.view, this.rendererEvents);
        }
        this.counters.codec = message.codec;
        if (!this.renderer) return this.undecodable();
        this.renderer.configure(message);
        this.options.onEvent?.({
          type: 'connected',
          codec: message.codec,
          width: message.width,
          height: message.height,
          permission: message.permission,
          ...(message.rung ? { rung: message.rung } : {}),
          sound: Boolean(message.audio),
        });
        return;
      }
      case 'status':
        return this.options.onEvent?.({ type: 'status', status: message.status });
      case 'input-focus':
        this.keyboard.focused = message.focused;
        return this.options.onEvent?.({ type: 'input-focus', focused: message.focused });
      case 'clipboard':
        return this.options.onEvent?.({ type: 'clipboard', text: message.text });
      case 'foreground':
        return this.options.onEvent?.({ type: 'foreground', packageName: message.packageName });
      case 'pong': {
        const rtt = performance.now() - message.t;
        this.counters.rttMs = Math.round(rtt);
        if (message.at !== undefined && rtt <= this.clockOffset.rttMs)
          this.clockOffset = { ms: message.at - (Date.now() - rtt / 2), rttMs: rtt };
        return;
      }
      case 'link':
        this.counters.poorNetwork = message.skipping;
        return this.options.onEvent?.({ type: 'link', poor: message.skipping });
      case 'refused':
        return this.options.onEvent?.({ type: 'refused', key: message.key });
      case 'closed':
        this.closedByUs = true;
        return this.options.onEvent?.({ type: 'closed', reason: message.reason });
    }
  }

  /**
   * Sets the H.264 decoder up while the host draws the first frame (it takes a few milliseconds);
   * the host's config then finds it ready, unless the host sends JPEG after all.
   */
  private prepareDecoder(): void {
    if (this.preferred !== 'h264' || this.renderer?.codec === 'h264') return;
    this.renderer?.close();
    this.renderer = rendererFor('h264', this.view, this.rendererEvents);
    this.renderer?.configure({});
  }

  private onFrame(data: ArrayBuffer): void {
    const view = new DataView(data);
    const kind = view.getUint8(0);
    const capturedAt = view.getFloat64(1, true);
    const at = performance.now();
    this.send({ type: 'received', frames: ++this.received, at });
    // A probe measures the link (issue 58): confirmed, not drawn, not counted as video.
    if (kind === FrameKind.probe) return;
    this.window.bytes.push([at, data.byteLength]);
    if (kind === FrameKind.opus) return this.sound?.push(capturedAt, new Uint8Array(data, FRAME_HEADER_BYTES));
    this.renderer?.push(kind, capturedAt, new Uint8Array(data, FRAME_HEADER_BYTES));
  }

  /** A stream this browser cannot decode: stop rather than show black, and say so with an error code. */
  private undecodable(): void {
    // H.264 failed here (perhaps before the host's config: the decoder is set up at connect): the next
    // connection asks for JPEG frames, which every browser can draw.
    if (this.renderer?.codec === 'h264') this.preferred = 'jpeg';
    this.closedByUs = true;
    clearInterval(this.pingTimer);
    this.socket?.close();
    this.socket = null;
    this.renderer?.close();
    this.renderer = null;
    this.options.onEvent?.({ type: 'disconnected', code: UNDECODABLE_STREAM_CODE });
  }
}
