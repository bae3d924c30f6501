import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { signIn } from '@cloudphone/e2e/api';
import { freePort, type ServerProcess } from '@cloudphone/e2e/stack';
import { median } from './stats';

// How bench/api loads a call: autocannon in a process of its own, and the Fastify hello-world it is measured against.

const root = resolve(import.meta.dirname, '../..');
const autocannon = join(root, 'node_modules/autocannon/autocannon.js');

/** One load: what autocannon reports of it. */
export interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Refused connections, timeouts and answers other than 2xx: a figure with any is not the call measured. */
  failures: number;
}

/** A request to load: its URL, method, headers and body. */
export interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Loads `target` for `seconds` from a process of its own (autocannon's CLI), so it takes no turn of the server's. */
export async function load(target: Target, seconds: number, connections: number): Promise<Load> {
  const args = [autocannon, '--json', '-c', String(connections), '-d', String(seconds), '-m', target.method ?? 'GET'];
  for (const [name, value] of Object.entries(target.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (target.body !== undefined) args.push('-b', target.body);
  args.push(target.url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${err}`);
  const result = JSON.parse(out) as AutocannonResult;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** One request of `target` as the load sends it: an API call must answer code 0 (refusals are HTTP 200). */
export async function check(target: Target): Promise<void> {
  const reply = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const { code, msg } = (await reply.json()) as { code?: number; msg?: string };
  if (code !== undefined && code !== 0) throw new Error(`${target.name}: API answered ${code} ${msg}`);
}

/** The hello-world baseline in a process of its own. */
export async function startHelloWorld(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/support/hello-world.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export const medianOf = (loads: readonly Load[]): Figures => ({
  requestsPerSecond: median(loads.map((l) => l.requestsPerSecond)),
  p50Ms: median(loads.map((l) => l.p50Ms)),
  p99Ms: median(loads.map((l) => l.p99Ms)),
  failures: loads.reduce((sum, l) => sum + l.failures, 0),
});

/** Headers as the web app sends them: tenant, token, language, and the XSRF cookie it copies into a header. */
export async function browserHeaders(
  server: ServerProcess,
  user?: { mobile: string; password: string },
): Promise<Record<string, string>> {
  const xsrf = randomBytes(16).toString('hex');
  return {
    ...(await signIn(server.baseUrl, user)),
    'accept-language': 'zh-CN',
    cookie: `XSRF-TOKEN=${xsrf}`,
    'x-xsrf-token': xsrf,
  };
}
