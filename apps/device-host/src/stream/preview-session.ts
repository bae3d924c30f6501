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
import type { PhoneDriver } from '../drivers/phone-driver';
import type { DrivenPhone } from '../drivers/phone-driver';

const JPEG_QUALITY = 60;

interface Watched {
  index: number;
  phone: DrivenPhone;
  lastKey: string;
  lastStatus?: PhoneStatus;
  expires: number;
}

/**
 * Small, low-rate pictures of many phones over one socket, for the 4/9/16 grids: each phone is
 * drawn again only when its picture changed, and never more than once a second.
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
    this.socket.on('close', () => clearInterval(this.timer));
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
      const key = w.phone.frameKey(now);
      if (key === w.lastKey || this.socket.bufferedAmount > 512 * 1024) continue;
      w.lastKey = key;
      const jpeg = w.phone.render(this.width, true).encodeSync('jpeg', JPEG_QUALITY);
      const frame = Buffer.allocUnsafe(PREVIEW_HEADER_BYTES + jpeg.length);
      frame[0] = FrameKind.preview;
      frame.writeDoubleLE(now, 1);
      frame.writeUInt16LE(w.index, 9);
      frame.set(jpeg, PREVIEW_HEADER_BYTES);
      if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame);
    }
  }

  private send(message: PreviewMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
