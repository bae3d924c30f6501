import type { Duplex } from 'node:stream';

/** How an open stream sends its messages on the connection. */
export interface StreamSender {
  write(localId: number, remoteId: number, data: Buffer): void;
  okay(localId: number, remoteId: number): void;
  close(localId: number, remoteId: number): void;
}

/**
 * One open service stream of a connection, with adb's flow control (protocol.txt): one WRTE at a
 * time, the next only after the client's OKAY; and the client's next WRTE allowed (our OKAY) only once
 * the service has taken the last one in. The service's output is cut to the connection's maxdata.
 */
export class AdbStream {
  /** Output waiting for the client's OKAY. */
  private queue: Buffer[] = [];
  private awaitingOkay = false;
  private ended = false;
  private closed = false;

  constructor(
    readonly localId: number,
    readonly remoteId: number,
    private readonly service: Duplex,
    private readonly maxData: number,
    private readonly send: StreamSender,
    private readonly onClosed: (stream: AdbStream) => void,
  ) {}

  start(): void {
    this.send.okay(this.localId, this.remoteId);
    this.service.on('data', (chunk: Buffer | string) => this.output(Buffer.from(chunk)));
    this.service.on('end', () => {
      this.ended = true;
      this.flush();
    });
    this.service.on('error', () => this.close(true));
    this.service.on('close', () => {
      this.ended = true;
      this.flush();
    });
  }

  /** The client's WRTE: handed to the service; the OKAY goes back once it took it in. */
  input(data: Buffer): void {
    if (this.closed || this.service.writableEnded || this.service.destroyed) return;
    if (this.service.write(data)) this.send.okay(this.localId, this.remoteId);
    else this.service.once('drain', () => !this.closed && this.send.okay(this.localId, this.remoteId));
  }

  /** The client's OKAY: the next piece of output may go. */
  ready(): void {
    this.awaitingOkay = false;
    this.flush();
  }

  /** Closes the stream; `tell`: the client is told (CLSE), unless it closed it itself. */
  close(tell: boolean): void {
    if (this.closed) return;
    this.closed = true;
    this.queue = [];
    if (tell) this.send.close(this.localId, this.remoteId);
    this.service.destroy();
    this.onClosed(this);
  }

  private output(chunk: Buffer): void {
    if (this.closed) return;
    for (let at = 0; at < chunk.length; at += this.maxData) this.queue.push(chunk.subarray(at, at + this.maxData));
    // The service waits while its output does: adb's flow control reaches back to whatever makes it.
    this.service.pause();
    this.flush();
  }

  private flush(): void {
    if (this.closed || this.awaitingOkay) return;
    const next = this.queue.shift();
    if (next) {
      this.awaitingOkay = true;
      this.send.write(this.localId, this.remoteId, next);
      return;
    }
    if (this.ended) this.close(true);
    else this.service.resume();
  }
}
