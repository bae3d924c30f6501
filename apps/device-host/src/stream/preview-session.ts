import type { WebSocket } from 'ws';
import {
  FrameKind,
  PREVIEW_HEADER_BYTES,
  PREVIEW_INTERVAL_MS,
  previewSubscriptionSchema,
  type PhoneStatus,
  type PreviewMessage,
} from '@cloudphone/contracts/stream';
import type { AccessControl } from '../policy/access-control';
import type { Clock } from '../clock';
import type { DrivenPhone, EncodedScreen, PhoneDriver } from '../drivers/phone-driver';

const JPEG_QUALITY = 60;
/** A device's preview stream (issue 60): a picture a second needs little. */
const DEVICE_PREVIEW = { fps: 5, bitrate: 256 };

interface Watched {
  index: number;
  phone: DrivenPhone;
  lastKey: string;
  lastStatus?: PhoneStatus;
  expires: number;
  /** A device's own preview stream, at the preview's width: its key frames are the pictures. */
  encoded?: EncodedScreen;
}

/**
 * Small, low-rate pictures of many phones over one socket, for the 4/9/16 grids: each phone is
 * drawn again only when its picture changed, and never more than once a second. A phone whose device
 * encodes its screen has a scrcpy server of its own at the preview's size (its own `scid`, beside any
 * viewer's): a key frame is asked of it each second, and sent as the phone's preview.
 */
export class PreviewSession {
  private watched: Watched[] = [];
  private width = 180;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly fleet: PhoneDriver,
    private readonly access: AccessControl,
    private readonly clock: Clock,
  ) {}

  start(): void {
    this.socket.on('message', (data, isBinary) => {
      if (!isBinary) this.subscribe(data.toString());
    });
    this.socket.on('close', () => {
      clearInterval(this.timer);
      this.stopDevices();
    });
    this.timer = setInterval(() => this.tick(), PREVIEW_INTERVAL_MS);
  }

  /** A new subscription replaces the old one: the grid shows another page of phones. */
  private subscribe(text: string): void {
    let parsed;
    try {
      parsed = previewSubscriptionSchema.parse(JSON.parse(text));
    } catch {
      return;
    }
    this.stopDevices();
    this.width = parsed.width;
    this.watched = [];
    parsed.accessKeys.forEach((key, index) => {
      const claims = this.access.check(key);
      const phone = typeof claims === 'string' ? undefined : this.fleet.get(claims.i);
      if (typeof claims === 'string' || !phone) {
        this.send({ type: 'preview-refused', index, reason: typeof claims === 'string' ? claims : 'not found' });
        return;
      }
      this.watched.push({ index, phone, lastKey: '', expires: claims.e });
    });
    this.tick();
  }

  private tick(): void {
    const now = this.clock.now();
    for (const w of this.watched) {
      if (w.expires <= now) continue;
      const status = w.phone.status(now);
      if (status !== w.lastStatus) {
        w.lastStatus = status;
        this.send({ type: 'preview-status', index: w.index, status });
      }
      if (w.phone.screenEncodedOnly) {
        this.askDevice(w, status);
        continue;
      }
      const key = w.phone.frameKey(now);
      if (key === w.lastKey || this.socket.bufferedAmount > 512 * 1024) continue;
      w.lastKey = key;
      const jpeg = w.phone.render(this.width, true).encodeSync('jpeg', JPEG_QUALITY);
      this.sendPicture(FrameKind.preview, w.index, now, jpeg);
    }
  }

  /** The device's preview stream (started once it is online) is asked for this second's key frame. */
  private askDevice(w: Watched, status: PhoneStatus): void {
    if (status !== 'online') return;
    if (!w.encoded) {
      const { height } = w.phone.pictureSize(this.width);
      const encoded = (w.encoded = w.phone.encodedScreen!({ width: this.width, height, ...DEVICE_PREVIEW }));
      encoded.onUnit((unit, key, at) => {
        if (key && this.socket.bufferedAmount <= 512 * 1024) this.sendPicture(FrameKind.previewH264, w.index, at, unit);
      });
    }
    w.encoded.requestKeyFrame();
  }

  private stopDevices(): void {
    for (const w of this.watched) w.encoded?.close();
  }

  private sendPicture(kind: number, index: number, at: number, payload: Uint8Array): void {
    const frame = Buffer.allocUnsafe(PREVIEW_HEADER_BYTES + payload.length);
    frame[0] = kind;
    frame.writeDoubleLE(at, 1);
    frame.writeUInt16LE(index, 9);
    frame.set(payload, PREVIEW_HEADER_BYTES);
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame);
  }

  private send(message: PreviewMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
