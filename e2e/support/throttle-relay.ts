import { connect, createServer, type Socket } from 'node:net';

export interface LinkShape {
  /** The viewer's downlink, kilobits per second: read as each packet goes, so a bench steps it by setting it. */
  kbps: number;
  /** One-way delay added each way, ms. */
  delayMs: number;
  /** The share of chunks lost on the way down: TCP resends each after `rtoMs`, holding up what follows. */
  loss: number;
  rtoMs?: number;
  /** What the link's queue holds before it pushes back on the sender (a router's buffer), bytes. */
  queueBytes?: number;
  /**
   * Which connections take the link, by their first request (the phone's stream alone, so a browser
   * test loads its page at full speed); all of them when absent.
   */
  only?: (firstRequest: string) => boolean;
}

export interface Relay {
  port: number;
  stop: () => Promise<void>;
}

/**
 * A slow mobile link on loopback, without privileges, `tc` or a network namespace (issue 57): a TCP
 * relay whose downstream is a token bucket at `kbps` with a queue of `queueBytes` before it stops
 * reading the sender (so TCP pushes back as a real bottleneck does), `delayMs` each way, and chunks
 * lost at `loss` — each resent after `rtoMs`, with everything behind it waiting, as in TCP.
 */
export async function startRelay(target: { host: string; port: number }, link: LinkShape): Promise<Relay> {
  const sockets = new Set<Socket>();
  const server = createServer((viewer) => {
    const host = connect(target.port, target.host);
    sockets.add(viewer).add(host);
    const later = (fn: () => void) => setTimeout(fn, link.delayMs);
    viewer.once('data', (first: Buffer) => {
      const slow = link.only?.(first.toString('latin1')) ?? true;
      if (!slow) {
        host.write(first);
        viewer.pipe(host);
        host.pipe(viewer);
        return;
      }
      later(() => host.write(first));
      viewer.on('data', (chunk) => later(() => host.write(chunk)));
      throttle(host, viewer, link, later);
    });
    const end = () => {
      viewer.destroy();
      host.destroy();
    };
    viewer.on('close', end).on('error', end);
    host.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Moves `from`'s bytes to `to` at the link's rate, a chunk at a time, pausing `from` while the queue is full. */
function throttle(from: Socket, to: Socket, link: LinkShape, later: (fn: () => void) => void): void {
  const queueBytes = link.queueBytes ?? 64 * 1024;
  const queue: Buffer[] = [];
  let queued = 0;
  let busy = false;
  const sleep = pacer();
  from.on('data', (chunk) => {
    queue.push(chunk);
    queued += chunk.length;
    if (queued > queueBytes) from.pause();
    if (!busy) void pump();
  });
  async function pump(): Promise<void> {
    busy = true;
    while (queue.length > 0) {
      // A packet at most at a time, so the rate holds for small frames and large ones alike.
      const chunk = queue[0]!.subarray(0, 1400);
      queue[0] = queue[0]!.subarray(chunk.length);
      if (queue[0].length === 0) queue.shift();
      queued -= chunk.length;
      if (queued <= queueBytes / 2) from.resume();
      let wait = chunk.length / (link.kbps / 8);
      if (Math.random() < link.loss) wait += link.rtoMs ?? 200;
      await sleep(wait);
      later(() => to.write(chunk));
    }
    busy = false;
  }
}

/** Waits `ms` at a time, keeping the rate on average where timers cannot sleep a fraction of a millisecond. */
function pacer(): (ms: number) => Promise<void> {
  let owed = 0;
  return async (ms) => {
    owed += ms;
    if (owed < 4) return;
    const start = performance.now();
    await new Promise((resolve) => setTimeout(resolve, owed));
    owed -= performance.now() - start;
  };
}
