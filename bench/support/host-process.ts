import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');
const TICKS_PER_SECOND = 100;

export interface HostProcess {
  url: string;
  hostKey: string;
  pid: number;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A standalone device host (`npm run device-host`) with `phones` phones, on a free loopback port; `env` adds settings. */
export async function startHost(phones: number, env: Record<string, string> = {}): Promise<HostProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-bench-'));
  const hostKey = randomBytes(32).toString('hex');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/device-host/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST_KEY: hostKey,
      HOST_PORT: String(port),
      HOST: '127.0.0.1',
      HOST_DATA_DIR: dataDir,
      PHONES: String(phones),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  process.once('exit', () => child.kill('SIGKILL'));
  for (let i = 0; i < 150; i++) {
    try {
      await fetch(`${url}/sdk/instance/task-result`, { method: 'POST' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    hostKey,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds used so far by a process and all its descendants (the host and its ffmpeg encoders). */
export function cpuSeconds(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const wanted = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of stats) {
      if (wanted.has(pid) || !wanted.has(s.ppid)) continue;
      wanted.add(pid);
      grew = true;
    }
  }
  for (const pid of wanted) total += stats.get(pid)?.ticks ?? 0;
  return total / TICKS_PER_SECOND;
}

/** Share of one core a process tree uses over `ms`. */
export async function cpuShare(pid: number, ms: number): Promise<number> {
  const before = cpuSeconds(pid);
  await new Promise((r) => setTimeout(r, ms));
  return (cpuSeconds(pid) - before) / (ms / 1000);
}

/** A call of the host's own API, signed with its key as the control plane signs it; the envelope's data. */
export async function hostApi<T>(host: HostProcess, method: string, path: string, body = ''): Promise<T> {
  const time = String(Date.now());
  const reply = await fetch(`${host.url}${path}`, {
    method,
    body: body || undefined,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'x-host-time': time,
      'x-host-signature': signSdkRequest(host.hostKey, method, path, time, body),
    },
  });
  const envelope = (await reply.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`host API ${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}
