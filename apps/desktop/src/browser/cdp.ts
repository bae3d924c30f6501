import type { Readable, Writable } from 'node:stream';

type Listener = (params: Record<string, unknown>, sessionId?: string) => void;

export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string };
  sessionId?: string;
}

/**
 * A DevTools-protocol connection to a browser started with `--remote-debugging-pipe` (flat sessions):
 * commands answered by id, events heard by method. The pipe is the browser's own file descriptors,
 * held by this process alone: no port that any local program could reach. All the shell needs to
 * drive windows; nothing of a test framework.
 */
export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, (reply?: CdpMessage) => void>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly diverters = new Set<(event: CdpMessage) => boolean>();
  private unread = '';
  private closed = false;

  /** `commands` is the browser's fd 3, `replies` its fd 4; each message is JSON ended by a NUL. */
  constructor(
    private readonly commands: Writable,
    private readonly replies: Readable,
  ) {
    replies.setEncoding('utf8');
    replies.on('data', (chunk: string) => this.read(chunk));
    replies.on('close', () => this.close());
    // A write after the browser has gone: its exit is heard on the other pipe.
    commands.on('error', () => undefined);
    replies.on('error', () => undefined);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    return new Promise((resolve, reject) =>
      this.request(method, params, sessionId, (reply) => {
        if (!reply) reject(new Error('the browser closed'));
        else if (reply.error) reject(new Error(`${reply.error.message} (${reply.error.code})`));
        else resolve((reply.result ?? {}) as T);
      }),
    );
  }

  /**
   * A command whose reply, as the browser wrote it (none: the browser closed), goes to `answer` as
   * soon as it is read, in order with the events around it (for a second client, see devtools-client.ts).
   */
  request(method: string, params: object, sessionId: string | undefined, answer: (reply?: CdpMessage) => void): void {
    if (this.closed) return answer();
    const id = this.nextId++;
    this.pending.set(id, answer);
    this.commands.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
  }

  /** Hears an event (`Target.targetDestroyed`), or `closed` when the browser goes away. */
  on(method: string, listener: Listener): () => void {
    const set = this.listeners.get(method) ?? new Set();
    set.add(listener);
    this.listeners.set(method, set);
    return () => set.delete(listener);
  }

  /** Events `take` returns true for are its own: the shell's listeners never hear them. */
  divert(take: (event: CdpMessage) => boolean): () => void {
    this.diverters.add(take);
    return () => this.diverters.delete(take);
  }

  /** Stops listening; commands still waiting are refused, and `closed` is heard once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const answer of this.pending.values()) answer();
    this.pending.clear();
    this.commands.destroy();
    this.replies.destroy();
    for (const listener of this.listeners.get('closed') ?? []) listener({});
  }

  private read(chunk: string): void {
    const messages = (this.unread + chunk).split('\0');
    this.unread = messages.pop() ?? '';
    for (const text of messages) this.receive(JSON.parse(text) as CdpMessage);
  }

  private receive(message: CdpMessage): void {
    if (message.id !== undefined) {
      const answer = this.pending.get(message.id);
      this.pending.delete(message.id);
      answer?.(message);
      return;
    }
    for (const take of this.diverters) if (take(message)) return;
    for (const listener of this.listeners.get(message.method ?? '') ?? [])
      listener(message.params ?? {}, message.sessionId);
  }
}
