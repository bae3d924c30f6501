import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APK_CONTENT_TYPE } from '../src/host-api/host-api-signature';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const MB = 1024 * 1024;
const BODY_BYTES = 256 * MB;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** What the kernel says the process holds in memory now. */
function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

interface Attempt {
  /** The reply's status line and body. */
  reply: string;
  /** Body bytes the host let in before it closed the connection. */
  sent: number;
  /** How far the host's memory rose above where it was before the call. */
  rssGrowth: number;
}

/**
 * Starts a 256 MB body over a raw socket and waits for the reply after its first 64 KB (a reply then
 * can only come from the headers); then sends the rest as fast as the host takes it, watching the
 * host's memory, until the host closes the connection.
 */
function sendHugeBody(port: number, pid: number, head: string): Promise<Attempt> {
  const before = rssBytes(pid);
  let most = before;
  const sampler = setInterval(() => (most = Math.max(most, rssBytes(pid))), 10);
  const chunk = Buffer.alloc(MB, 0x41);
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let sent = 64 * 1024;
    let reply = '';
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(sampler);
      socket.destroy();
      resolve({ reply, sent, rssGrowth: most - before });
    };
    const pump = () => {
      if (ended) return;
      // All of it went in: the host read the whole body.
      if (sent >= BODY_BYTES) return void setTimeout(end, 500);
      sent += chunk.length;
      socket.write(chunk, (error) => (error ? end() : pump()));
    };
    socket.on('data', (data: Buffer) => {
      if (!reply) setImmediate(pump);
      reply += data.toString();
    });
    socket.on('close', end);
    socket.on('error', () => undefined); // the connection the host cut: 'close' follows
    socket.write(`${head}\r\ncontent-length: ${BODY_BYTES}\r\n\r\n`);
    socket.write(Buffer.alloc(sent, 0x41));
  });
}

/** `npm run device-host` in a process of its own, so its memory is the host's alone. */
describe.skipIf(process.platform !== 'linux')('a standalone host on loopback, sent 256 MB by a stranger', () => {
  let host: ChildProcess;
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-port-'));

  beforeAll(async () => {
    port = await freePort();
    host = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        HOST_KEY: randomBytes(32).toString('hex'),
        HOST_PORT: String(port),
        HOST: '127.0.0.1',
        HOST_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    // Up once its liveness answers.
    for (let tries = 0; ; tries++) {
      const status = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (tries > 200 || host.exitCode !== null) throw new Error('the host did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 30_000);

  afterAll(async () => {
    if (host.exitCode === null) {
      host.kill('SIGTERM');
      await new Promise((resolve) => host.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [
      'an unsigned package upload',
      `POST /host-api/instances/cp-1/apks HTTP/1.1\r\ncontent-type: ${APK_CONTENT_TYPE}`,
      /"code":403/,
    ],
    ['an SDK call', 'POST /sdk/instance/reboot HTTP/1.1\r\ncontent-type: application/json', /"code":1001/],
    ['a URL no route serves', 'POST /upload HTTP/1.1\r\ncontent-type: application/octet-stream', / 404 /],
    ['a body on a stream URL', 'GET /stream/cp-1 HTTP/1.1', / 404 /],
  ])('refuses %s from its headers and closes the connection, its memory flat', async (_call, request, refusal) => {
    const attempt = await sendHugeBody(port, host.pid!, `${request}\r\nhost: 127.0.0.1`);
    expect(attempt.reply).toMatch(refusal);
    expect(attempt.reply).toMatch(/connection: close/i);
    // What the sockets' buffers hold on the way, not the body: the host stopped reading.
    expect(attempt.sent).toBeLessThan(32 * MB);
    expect(attempt.rssGrowth).toBeLessThan(16 * MB);
  });
});
