import WebSocket from 'ws';

type Listener = (params: Record<string, unknown>, sessionId?: string) => void;

/**
 * A DevTools-protocol connection to a browser (one WebSocket, flat sessions): commands answered by
 * id, events heard by method. All the shell needs to drive windows; nothing of a test framework.
 */
export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Set<Listener>>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(JSON.parse(String(data)) as Message));
    socket.on('close', () => {
      for (const { reject } of this.pending.values()) reject(new Error('the browser closed'));
      this.pending.clear();
      for (const listener of this.listeners.get('closed') ?? []) listener({});
    });
  }

  static open(url: string): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      socket.once('open', () => resolve(new CdpConnection(socket)));
      socket.once('error', reject);
    });
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
  }

  /** Hears an event (`Target.targetDestroyed`), or `closed` when the browser goes away. */
  on(method: string, listener: Listener): () => void {
    const set = this.listeners.get(method) ?? new Set();
    set.add(listener);
    this.listeners.set(method, set);
    return () => set.delete(listener);
  }

  close(): void {
    this.socket.close();
  }

  private receive(message: Message): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(`${message.error.message} (${message.error.code})`));
      else waiting?.resolve(message.result ?? {});
      return;
    }
    for (const listener of this.listeners.get(message.method ?? '') ?? [])
      listener(message.params ?? {}, message.sessionId);
  }
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string };
  sessionId?: string;
}
