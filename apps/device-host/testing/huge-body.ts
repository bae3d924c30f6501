import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { readFileSync } from 'node:fs';

/**
 * What a stranger's huge body does to a server in another process (issue 10, issue 47): sent over a
 * raw socket while the server's memory is watched, so a test sees whether the server stopped reading.
 */
const MB = 1024 * 1024;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A server (`main`, a TypeScript entry) in a process of its own, so its memory is its own. */
export interface ServerProcess {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `main` with `env` and a free port (set by `portVariable`), up once its `/health` answers on
 * 127.0.0.1.
 */
export async function startServerProcess(
  main: string,
  env: NodeJS.ProcessEnv,
  portVariable: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, ...env, [portVariable]: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries++) {
    const status = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (tries > 300 || child.exitCode !== null) throw new Error(`${main} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** What the kernel says the process holds in memory now. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

export interface Attempt {
  /** The reply's status line and body. */
  reply: string;
  /** Body bytes the host let in before it closed the connection. */
  sent: number;
  /** How far the host's memory rose above where it was before the call. */
  rssGrowth: number;
}

/**
 * Starts a body of `bodyBytes` (256 MB by default) over a raw socket and waits for the reply after its first 64 KB (a reply then
 * can only come from the headers); then sends the rest as fast as the host takes it, watching the
 * host's memory, until the host closes the connection.
 */
export function sendHugeBody(port: number, pid: number, head: string, bodyBytes = 256 * MB): Promise<Attempt> {
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
      if (sent >= bodyBytes) return void setTimeout(end, 500);
      sent += chunk.length;
      socket.write(chunk, (error) => (error ? end() : pump()));
    };
    socket.on('data', (data: Buffer) => {
      if (!reply) setImmediate(pump);
      reply += data.toString();
    });
    socket.on('close', end);
    socket.on('error', () => undefined); // the connection the host cut: 'close' follows
    socket.write(`${head}\r\ncontent-length: ${bodyBytes}\r\n\r\n`);
    socket.write(Buffer.alloc(sent, 0x41));
  });
}
