/**
 * Bytes as a service reads them: exactly n at a time (sync requests, shell packets, an APK of a told
 * size) or whatever came (a shell's stdin). What is buffered and not yet read is what holds back the
 * client's next write (adb's OKAY waits for `whenRoom`).
 */
export class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private wake: (() => void) | undefined;
  private roomWaiters: (() => void)[] = [];

  constructor(private readonly highWater = 4 * 1024 * 1024) {}

  push(chunk: Buffer): void {
    if (this.ended || chunk.length === 0) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.notify();
  }

  /** No more bytes will come (the client closed stdin, or the stream closed). */
  end(): void {
    this.ended = true;
    this.notify();
  }

  get isEnded(): boolean {
    return this.ended && this.buffered === 0;
  }

  /** Calls `then` once the reader holds less than its high-water mark. */
  whenRoom(then: () => void): void {
    if (this.buffered < this.highWater || this.ended) then();
    else this.roomWaiters.push(then);
  }

  /** Exactly `n` bytes, or null when the input ends first. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buffered < n) {
      if (this.ended) return null;
      await this.arrival();
    }
    return this.take(n);
  }

  /** Whatever has come (waiting for something), or null at the end. */
  async readSome(): Promise<Buffer | null> {
    while (this.buffered === 0) {
      if (this.ended) return null;
      await this.arrival();
    }
    return this.take(this.buffered);
  }

  /** What has come, up to `max` bytes (waiting for something), or null at the end. */
  async readUpTo(max: number): Promise<Buffer | null> {
    while (this.buffered === 0) {
      if (this.ended) return null;
      await this.arrival();
    }
    return this.take(Math.min(max, this.buffered));
  }

  /** Everything until the end. */
  async readAll(): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let part = await this.readSome(); part; part = await this.readSome()) parts.push(part);
    return Buffer.concat(parts);
  }

  /** The first `n` bytes; only a read across chunks copies, and only what it reads. */
  private take(n: number): Buffer {
    const parts: Buffer[] = [];
    for (let needed = n; needed > 0;) {
      const chunk = this.chunks[0]!;
      if (chunk.length <= needed) {
        parts.push(chunk);
        this.chunks.shift();
        needed -= chunk.length;
      } else {
        parts.push(chunk.subarray(0, needed));
        this.chunks[0] = chunk.subarray(needed);
        needed = 0;
      }
    }
    const taken = parts.length === 1 ? parts[0]! : Buffer.concat(parts, n);
    this.buffered -= n;
    if (this.buffered < this.highWater) for (const waiter of this.roomWaiters.splice(0)) waiter();
    return taken;
  }

  private arrival(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
    if (this.ended) for (const waiter of this.roomWaiters.splice(0)) waiter();
  }
}
