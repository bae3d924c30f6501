import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What an adb command did. */
export interface AdbRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  /** stdout and stderr as text, for looking for a message in either. */
  text: string;
}

/**
 * Debian's adb (29.x), as a user runs it: its own server on a free port and a HOME of its own, so the
 * key it makes is not a developer's and no server of the tests outlives them (`stop`).
 */
export class AdbClient {
  readonly home = mkdtempSync(join(tmpdir(), 'cloudphone-adb-home-'));
  private constructor(readonly serverPort: number) {}

  /** A client whose server has started (and made its key). */
  static async start(): Promise<AdbClient> {
    const client = new AdbClient(await freePort());
    const started = await client.run(['start-server']);
    if (started.code !== 0) throw new Error(`adb start-server: ${started.text}`);
    return client;
  }

  /** The client's public key, as `~/.android/adbkey.pub` has it. */
  get publicKey(): string {
    return readFileSync(join(this.home, '.android', 'adbkey.pub'), 'utf8');
  }

  run(args: string[], options: { input?: Buffer | string; timeoutMs?: number } = {}): Promise<AdbRun> {
    const env = { ...process.env, HOME: this.home, ANDROID_ADB_SERVER_PORT: String(this.serverPort) };
    const child = spawn('adb', args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.end(options.input);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        const out = Buffer.concat(stdout);
        const err = Buffer.concat(stderr).toString();
        resolve({ code, stdout: out, stderr: err, text: `${out.toString()}${err}` });
      });
    });
  }

  /** `adb -s serial …` */
  on(serial: string, args: string[], options?: { input?: Buffer | string }): Promise<AdbRun> {
    return this.run(['-s', serial, ...args], options);
  }

  async stop(): Promise<void> {
    await this.run(['kill-server']);
    rmSync(this.home, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
