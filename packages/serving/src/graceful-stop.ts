import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long requests in flight may take to finish after a stop signal; then every connection is cut.
 * Under the 10 s a container runtime waits before it kills.
 */
export const STOP_GRACE_MS = 8_000;

/**
 * A stop for `app` that cannot be held open by its clients. Requests in flight finish (Fastify's
 * close), but Node's `server.close()` also waits for connections that have not sent a request yet —
 * a browser's speculative preconnect, a stalled client — until their headers time out, a minute
 * later; those are cut at once, and whatever is still open after `graceMs` (a slow request, a
 * viewer that does not answer a WebSocket close) is cut then. Call before `listen`.
 */
export function gracefulStop(app: FastifyInstance, graceMs = STOP_GRACE_MS): () => Promise<void> {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const cut = (which: (socket: Socket) => boolean) => {
    for (const socket of sockets) if (which(socket)) socket.destroy();
  };
  return async () => {
    const timer = setTimeout(() => {
      if (sockets.size)
        app.log.warn({ connections: sockets.size }, 'connections still open after the grace period: cut');
      cut(() => true);
    }, graceMs);
    timer.unref();
    const closed = app.close();
    cut((socket) => socket.bytesRead === 0);
    try {
      await closed;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Stops `app` with `gracefulStop` on SIGINT or SIGTERM, then ends the process: 1 if closing failed,
 * or had not ended a second after the grace period (a close hook that hangs must not keep a restart waiting).
 */
export function stopOnSignals(app: FastifyInstance): void {
  const stop = gracefulStop(app);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => {
        app.log.error('shutdown did not end after the grace period');
        process.exit(1);
      }, STOP_GRACE_MS + 1_000).unref();
      stop().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
}
