import WebSocket from 'ws';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import type { PhoneContext } from './phones';

/** A viewer of a phone's stream, as the player is: its text messages, frame count and how it closed. */
export class StreamViewer {
  readonly messages: { type: string; reason?: string }[] = [];
  frames = 0;
  closeCode: number | undefined;
  private readonly socket: WebSocket;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary) this.frames++;
      else this.messages.push(JSON.parse(data.toString()) as { type: string });
    });
    this.socket.on('close', (code) => (this.closeCode = code));
  }

  /** Open, with its first frame drawn. */
  async ready(): Promise<void> {
    await this.until(() => this.frames > 0);
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket.close();
  }

  async until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/**
 * Opens the stream a security token leads to (JPEG frames, no encoder needed) on the test app, which
 * starts listening on a loopback port the first time.
 */
export async function openStream(t: PhoneContext, token: SecurityToken): Promise<StreamViewer> {
  const address = t.app.server.listening
    ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    : await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address.replace(/^http/, 'ws')}/stream/${token.instanceNo}?accessKey=${encodeURIComponent(token.accessKey)}&codec=jpeg`;
  const viewer = new StreamViewer(url);
  await viewer.ready();
  return viewer;
}
