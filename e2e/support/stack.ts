import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface Stack {
  baseUrl: string;
  /** What the server printed (its log at LOG_LEVEL), so far. */
  output: () => string;
  dataDir: string;
  /** Runs the admin CLI against this stack's database. */
  admin: (...args: string[]) => Promise<string>;
  /** Runs several admin commands in one CLI process (its `batch`): what each printed, in order. */
  adminBatch: (commands: string[][]) => Promise<string[]>;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const reply = await fetch(url);
      // Read to the end: an unread body keeps the connection (and the server's stop) waiting.
      await reply.arrayBuffer();
      if (reply.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start within 30 s:\n${log()}`);
}

export interface ServerProcess extends Stack {
  /** Kills the server at once (`kill -9`): what a crash leaves is what the next start finds. */
  crash: () => Promise<void>;
  /** The server's process id (benchmarks read its memory). */
  pid: number;
}

/**
 * Starts the real server (`npm start`'s entry) on a free port with the data folder `dataDir`.
 * `env` adds to or replaces the environment it inherits: a `DATABASE_URL` (without one, the
 * embedded SQLite in `dataDir`), a PATH without ffmpeg (a fresh machine). `nodeArgs` go to Node
 * (`--cpu-prof`, which NODE_OPTIONS refuses). `stop` ends it with SIGTERM and leaves the folder.
 */
export async function startServer(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  // A `PORT` in `env` keeps the server where it was before a restart (the browser's pages stay on it).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const serverEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: serverEnv,
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/api/openapi.json`, child, () => output);
  const exited = new Promise((r) => child.once('exit', r));

  const run = promisify(execFile);
  return {
    baseUrl,
    pid: child.pid ?? 0,
    output: () => output,
    dataDir,
    admin: async (...args) =>
      (
        await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
          cwd: repoRoot,
          env: serverEnv,
        })
      ).stdout,
    adminBatch: async (commands) => {
      const cli = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'batch'], {
        cwd: repoRoot,
        env: serverEnv,
      });
      let out = '';
      let err = '';
      cli.stdout.on('data', (d: Buffer) => (out += d.toString()));
      cli.stderr.on('data', (d: Buffer) => (err += d.toString()));
      cli.stdin.end(JSON.stringify(commands));
      const code = await new Promise<number | null>((r) => cli.once('close', r));
      if (code !== 0) throw new Error(`admin batch exited with ${code}: ${err}`);
      return JSON.parse(out) as string[];
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
    crash: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Starts the real server (with the built web app) on a fresh data folder and SQLite, as `npm start` does. */
export async function startStack(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-e2e-'));
  const server = await startServer(dataDir, env);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
