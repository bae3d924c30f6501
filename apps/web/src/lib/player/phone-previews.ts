import {
  FrameKind,
  PREVIEW_HEADER_BYTES,
  type PhoneStatus,
  type PreviewMessage,
  type PreviewSubscription,
} from '@cloudphone/contracts/stream';
import { KeyFrameDecoder } from './key-frame-decoder';

export interface PreviewHandlers {
  /** A new picture of the phone at `index` of the subscription. */
  onPicture: (index: number, picture: ImageBitmap) => void;
  onStatus?: (index: number, status: PhoneStatus) => void;
  onRefused?: (index: number, reason: string) => void;
}

/** The host's preview socket, from any stream URL of that host (a security token's `streamUrl`). */
export function previewsUrlOf(streamUrl: string): string {
  const url = new URL(streamUrl, window.location.href);
  url.pathname = '/stream/previews';
  url.search = '';
  return url.toString();
}

/**
 * Small live pictures of many phones over one socket, for the 4/9/16 grids (DESIGN §4). Subscribe
 * with the phones' access keys in display order; subscribing again replaces the set (a new page).
 */
export class PhonePreviews {
  private socket: WebSocket | null = null;
  private pending: PreviewSubscription | null = null;
  private readonly keyFrames = new KeyFrameDecoder();

  constructor(
    private readonly url: string,
    private readonly handlers: PreviewHandlers,
  ) {}

  subscribe(accessKeys: string[], width = 180): void {
    this.pending = { type: 'previews', accessKeys, width };
    if (!this.socket) this.open();
    else if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(this.pending));
  }

  close(): void {
    this.keyFrames.close();
    this.socket?.close();
    this.socket = null;
  }

  private open(): void {
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => this.pending && socket.send(JSON.stringify(this.pending));
    socket.onmessage = (event) => {
      if (typeof event.data === 'string') {
        const message = JSON.parse(event.data) as PreviewMessage;
        if (message.type === 'preview-status') this.handlers.onStatus?.(message.index, message.status);
        else this.handlers.onRefused?.(message.index, message.reason);
        return;
      }
      const data = event.data as ArrayBuffer;
      const view = new DataView(data);
      const kind = view.getUint8(0);
      const index = view.getUint16(9, true);
      const payload = new Uint8Array(data, PREVIEW_HEADER_BYTES);
      // A device's preview is an H.264 key frame (issue 60); the others are JPEG.
      const picture =
        kind === FrameKind.previewH264
          ? this.keyFrames.decode(index, payload, this.pending?.width ?? 180)
          : kind === FrameKind.preview
            ? createImageBitmap(new Blob([payload], { type: 'image/jpeg' }))
            : undefined;
      void picture?.then(
        (p) => this.handlers.onPicture(index, p),
        () => undefined,
      );
    };
    this.socket = socket;
  }
}
