import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterEach, it } from 'vitest';
import { gracefulStop } from '@cloudphone/serving/graceful-stop';

let client: Socket | undefined;
afterEach(() => {
  client?.destroy();
});

/** A Fastify app on a free port whose `/slow` request never finishes, and its graceful stop. */
async function serve(
  graceMs: number,
): Promise<{ port: number; stop: () => Promise<void>; slowStarted: Promise<void> }> {
  const app = Fastify();
  let started = () => {};
  const slowStarted = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', () => {
    started();
    return new Promise(() => {});
  });
  const stop = gracefulStop(app, graceMs);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return { port: address.port, stop, slowStarted };
}

/** A raw connection to `port`, open once connected; `ended` settles when the server cuts it. */
async function open(port: number): Promise<{ socket: Socket; ended: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { socket, ended };
}

// Node's server.close() keeps such a connection (a browser's preconnect) open until its headers
// time out, a minute later: a restart would wait that long. The test's own timeout is far shorter.
it('stops at once although a client connected and has not sent a request', async () => {
  const { port, stop } = await serve(60_000);
  const silent = await open(port);
  client = silent.socket;
  await stop();
  await silent.ended;
});

it('cuts a request still running when the grace period is over', async () => {
  const { port, stop, slowStarted } = await serve(200);
  const slow = await open(port);
  client = slow.socket;
  slow.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
  await slowStarted;
  await stop();
  await slow.ended;
});
