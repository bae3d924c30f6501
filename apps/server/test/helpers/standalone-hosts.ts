import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';

/** `npm run device-host`: the standalone host's entry, beside the package's public one. */
const HOST_MAIN = join(dirname(createRequire(import.meta.url).resolve('@cloudphone/device-host')), 'main.ts');

/** A free loopback port: a host keeps its port across a restart, as a machine's would. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A device host in a process of its own, started as an operator starts one (`npm run device-host`)
 * with the server's URL and, the first time, a join token; its data folder outlives a restart.
 */
export class StandaloneHost {
  private child: ChildProcess | undefined;

  private constructor(
    readonly name: string,
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  static async create(name: string, env: Record<string, string>): Promise<StandaloneHost> {
    return new StandaloneHost(name, await freePort(), mkdtempSync(join(tmpdir(), `cloudphone-${name}-`)), env);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the host; `joinToken` on its first start (it keeps its key after). */
  start(joinToken?: string): void {
    this.child = spawn(process.execPath, ['--import', 'tsx', HOST_MAIN], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        HOST_PORT: String(this.port),
        HOST_DATA_DIR: this.dataDir,
        HOST_PUBLIC_URL: this.url,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
        ...(joinToken ? { JOIN_TOKEN: joinToken } : {}),
        ...this.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }

  /** Kills it as a crash or a power cut would: nothing is said to anyone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Freezes it (SIGSTOP) or lets it go on (SIGCONT): its connections stay open meanwhile. */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void {
    this.child?.kill(signal);
  }

  /** The key the server gave it when it joined, as it keeps it. */
  key(): string {
    return (JSON.parse(readFileSync(join(this.dataDir, 'host-credential.json'), 'utf8')) as { key: string }).key;
  }

  /** The app on top of a phone's screen, read from the host's own store. */
  appOnTop(instanceNo: string): string | undefined {
    const store = new SQLite(join(this.dataDir, 'device-host.sqlite'), { readonly: true });
    try {
      const row = store.prepare('select state from phone where instance_no = ?').get(instanceNo) as
        { state: string } | undefined;
      return row && (JSON.parse(row.state) as { screenStack: string[] }).screenStack.at(-1);
    } finally {
      store.close();
    }
  }

  /**
   * Forgets a task and the busy spell it put its phone in, as a host that keeps no tasks across a
   * restart would (call it while the host is down).
   */
  forgetTask(taskId: string): void {
    const store = new SQLite(join(this.dataDir, 'device-host.sqlite'));
    try {
      store
        .prepare(
          "update phone set state = json_remove(state, '$.busy') where instance_no = (select instance_no from task where id = ?)",
        )
        .run(taskId);
      store.prepare('delete from task where id = ?').run(taskId);
    } finally {
      store.close();
    }
  }

  async remove(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
