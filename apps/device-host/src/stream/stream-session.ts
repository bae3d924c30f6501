import type { WebSocket } from 'ws';
import type { AccessClaims } from '@cloudphone/contracts/sdk';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import {
  clientMessageSchema,
  type ClientMessage,
  type Codec,
  type Definition,
  type HostMessage,
  type PhoneStatus,
  type StreamCloseReason,
  FrameKind,
  PROBE_BYTES,
} from '@cloudphone/contracts/stream';
import { roleAllows, STREAM_MESSAGE_ACTIONS } from '@cloudphone/contracts/phone-access';
import { roleOf } from '../policy/access-control';
import type { InputPath } from '../policy/input-path';
import type { InputSource } from '../policy/phone-input';
import type { DrivenPhone } from '../drivers/phone-driver';
import { HeldPointers } from './held-pointers';
import { QualityLadder } from './quality-ladder';
import type { FeedDefinition } from './h264-encoder';
import { streamFrame, type FeedViewer, type Picture } from './feed-viewer';
import type { ScreenFeed } from './screen-feed';
import type { ScreenFeeds } from './screen-feeds';
import type { SoundFeed, SoundListener } from './sound-feed';
import { ViewerLink } from './viewer-link';

/**
 * Past this much unsent data a viewer that does not say what it received is behind: frames skip it
 * until it drains. One that does is measured by its own rate (`ViewerLink`).
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Padding whose spread on the line measures it (issue 58): the same bytes for every viewer. */
const PROBE = streamFrame(FrameKind.probe, 0, Buffer.alloc(PROBE_BYTES));

/**
 * One viewer of one phone (DESIGN §4): the frames of the phone's feed at the viewer's definition
 * (shared with every other viewer of it), the phone's status and clipboard, and the viewer's input
 * applied to the phone unless its key is view-only.
 */
export class StreamSession implements FeedViewer, SoundListener {
  private feed: ScreenFeed | undefined;
  /** The phone's sound, while the viewer has its audio on (issue 59). */
  private listening: SoundFeed | undefined;
  private lastStatus: PhoneStatus | undefined;
  private lastInputFocus = false;
  private lastForeground: string | null | undefined;
  private unsubscribe: () => void = () => undefined;
  private readonly source: InputSource;
  /** The fingers this viewer holds down: let go when it leaves (issue 50). */
  private readonly pointers: HeldPointers;
  /** What is on its way to the viewer (issue 57). */
  private readonly link = new ViewerLink();
  /**
   * Changes went past the viewer, or wait for its link, since it was last sent a frame: its player
   * marks the network poor.
   */
  private skipping = false;
  /** "Auto": the rung follows the viewer's link (issue 58); none while the viewer keeps a definition. */
  private ladder: QualityLadder | undefined;
  private definition: FeedDefinition;

  constructor(
    private readonly phone: DrivenPhone,
    private readonly socket: WebSocket,
    private readonly claims: AccessClaims,
    private readonly feeds: ScreenFeeds,
    private readonly codec: Codec,
    /** A definition the viewer keeps, or "auto". */
    quality: Definition | 'auto',
    /** The phone's one input path (issue 20): what the viewer sends goes through it or is refused. */
    private readonly input: InputPath,
    /** Where this viewer's pointer ids start on the phone (`Viewers` keeps two viewers' fingers apart). */
    readonly pointerBase: number,
  ) {
    this.definition = this.choose(quality);
    this.source = { role: roleOf(claims), syncId: claims.s };
    this.pointers = new HeldPointers((up) => this.input.apply(this.phone.instanceNo, this.source, up));
  }

  /** Whether this viewer may drive the phone (a view grant's stream only watches). */
  get controls(): boolean {
    return this.source.role !== 'view';
  }

  get userId(): number {
    return this.claims.u;
  }

  get issuedAt(): number {
    return this.claims.n;
  }

  get congested(): boolean {
    return this.link.pastEdge(performance.now()) || this.socket.bufferedAmount > MAX_BUFFERED_BYTES;
  }

  start(): void {
    this.unsubscribe = this.phone.subscribe((event) => {
      if (event.type === 'clipboard') this.sendClipboard(event.text);
    });
    this.socket.on('message', (data, isBinary) => {
      if (!isBinary) this.receive(data.toString());
    });
    this.socket.on('close', () => this.stop());
    this.watch();
  }

  /** Ends the stream, telling the viewer why first when access was taken away. */
  close(reason?: StreamCloseReason): void {
    if (reason) this.send({ type: 'closed', reason });
    this.socket.close(4003, reason ?? 'closed');
    this.stop();
  }

  picture(picture: Picture): void {
    this.send({ type: 'config', ...picture, permission: this.claims.p, audio: this.feeds.soundOf(this.phone) });
  }

  /** Sound too late for the live edge is dropped: the viewer hears the phone as it is. */
  sound(data: Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN || this.congested) return;
    this.link.sent(data.length, performance.now());
    this.socket.send(data);
  }

  frame(data: Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    // A viewer the feed held or skipped gets the screen as it is (a key frame, when it missed frames): live again.
    if (this.skipping) this.tellSkipping(false);
    this.link.sent(data.length, performance.now());
    this.socket.send(data);
  }

  skipped(): void {
    if (!this.skipping) this.tellSkipping(true);
  }

  tick(now: number): void {
    if (this.claims.e <= now) return this.close('expired');
    this.climbOrStepDown();
    const status = this.phone.status(now);
    if (status !== this.lastStatus) {
      this.lastStatus = status;
      this.send({ type: 'status', status });
    }
    // The viewer's keyboard follows the phone's text field, for a holder the table lets type.
    const inputFocus = this.allows('text') && this.phone.textFieldFocused();
    if (inputFocus !== this.lastInputFocus) {
      this.lastInputFocus = inputFocus;
      this.send({ type: 'input-focus', focused: inputFocus });
    }
    // The app in front, whose key map a controlling viewer plays (issue 65).
    const foreground = this.controls ? this.phone.foregroundPackage() : undefined;
    if (foreground !== undefined && foreground !== this.lastForeground) {
      this.lastForeground = foreground;
      this.send({ type: 'foreground', packageName: foreground });
    }
  }

  /** Joins the feed at the viewer's definition: a config, and a key frame first. */
  private watch(): void {
    const feed = this.feeds.watch(this.phone, this.definition, this.codec, this);
    if (feed !== this.feed) this.feed?.leave(this);
    this.feed = feed;
  }

  /** The definition to watch at: the one kept, or "auto"'s top rung under the holder's data saver. */
  private choose(quality: Definition | 'auto'): Definition {
    this.ladder = quality === 'auto' ? new QualityLadder(this.claims.b) : undefined;
    return this.ladder?.rung ?? (quality as Definition);
  }

  /** "Auto" moves to the rung the viewer's link carries, joining its feed (a key frame first). */
  private climbOrStepDown(): void {
    if (!this.ladder || !this.link.measured) return;
    const now = performance.now();
    const rung = this.ladder.decide(now, {
      behindMs: this.socket.bufferedAmount > MAX_BUFFERED_BYTES ? Infinity : this.link.behindMs(now),
      deliveredKbps: this.link.deliveredKbps(now),
      capacityKbps: this.link.capacityKbps(now),
    });
    if (rung) {
      this.definition = rung;
      return this.watch();
    }
    if (this.ladder.probeDue(now) && this.socket.readyState === this.socket.OPEN) {
      this.link.sent(PROBE.length, now);
      this.socket.send(PROBE);
    }
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
        this.definition = this.choose(message.definition);
        return this.watch();
      case 'audio':
        return this.hear(message.on);
      case 'keyframe':
        return this.feed?.keyFrameFor(this);
      case 'ping':
        return this.send({ type: 'pong', t: message.t, at: this.feeds.clock.now() });
      case 'received':
        this.link.received(message.frames, performance.now(), message.at);
        // Back within the live edge: the screen as it is now, at once.
        if (this.skipping && !this.congested) this.feed?.caughtUp(this);
        return;
      case 'clipboard-get': {
        const refused = this.input.refusal(this.phone.instanceNo, this.source, 'input');
        return refused ? this.refuse(refused, message.type) : this.sendClipboard(this.phone.clipboard);
      }
      default: {
        const input = message.type === 'touch' ? { ...message, id: this.pointerBase + message.id } : message;
        const refused = this.input.apply(this.phone.instanceNo, this.source, input);
        if (refused) this.refuse(refused, message.type);
        else if (input.type === 'touch') this.pointers.took(input);
      }
    }
  }

  /** Turns the viewer's sound on or off: a viewer with it off is sent no audio. */
  private hear(on: boolean): void {
    if (on && !this.listening && this.feeds.soundOf(this.phone)) this.listening = this.feeds.listen(this.phone, this);
    if (!on) {
      this.listening?.leave(this);
      this.listening = undefined;
    }
  }

  private tellSkipping(skipping: boolean): void {
    this.skipping = skipping;
    this.send({ type: 'link', skipping });
  }

  /** The viewer is told why its message did nothing (a view-only key, a phone being cloned…). */
  private refuse(key: ErrorKey, message: ClientMessage['type']): void {
    this.send({ type: 'refused', key, message });
  }

  /** The owner's clipboard goes only to those the table lets read it, never to a view-only grant. */
  private sendClipboard(text: string): void {
    if (this.allows('clipboard-get')) this.send({ type: 'clipboard', text });
  }

  /** Whether the viewer's role may send `message` (the access table's action for it). */
  private allows(message: ClientMessage['type']): boolean {
    return roleAllows(roleOf(this.claims), STREAM_MESSAGE_ACTIONS[message]);
  }

  private send(message: HostMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private stop(): void {
    this.hear(false);
    this.pointers.releaseAll();
    this.feed?.leave(this);
    this.feed = undefined;
    this.unsubscribe();
  }
}
