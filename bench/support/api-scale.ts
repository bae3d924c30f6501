import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { PG_URL } from '@cloudphone/e2e/postgres';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import * as files from '@cloudphone/contracts/endpoints/files/index';
import * as message from '@cloudphone/contracts/endpoints/message/message';
import * as order from '@cloudphone/contracts/endpoints/trade/order';
import * as dashboard from '@cloudphone/contracts/endpoints/admin/dashboard';
import { operatorHeaders } from '@cloudphone/e2e/console';
import { urlOf } from '@cloudphone/e2e/api';
import { freePort, startServer, type ServerProcess } from '@cloudphone/e2e/stack';
import { browserHeaders, type Target } from './load';

// bench/api --scale (issue 56): a server on a merchant's year of data, seeded once and kept between
// runs under bench/results/api-scale/<database>/ (and, on PostgreSQL, the database bench_api_scale):
// the demo tenant with `demo:scale`'s data, and a host that joined the server over HTTP holding the
// 10,000 phones of one more account. A later run starts the same server and host on the same ports.

const root = resolve(import.meta.dirname, '../..');
const KEPT = join(root, 'bench/results/api-scale');
const HOST_MAIN = join(root, 'apps/device-host/src/main.ts');
const JOINED_HOST = 'bench-joined';
export const JOINED_PHONES = 10_000;
/** The page every list is asked for, as the web app asks it. */
export const PAGE_SIZE = 20;
/** `demo:scale`'s account with 10,000 phones on the server's own host (its BIG_ACCOUNT, seed/scale.ts). */
export const SCALE_ACCOUNT = { mobile: '17010000000', password: 'demo1234' };
/** The account whose phones are all on the joined host. */
export const JOINED_ACCOUNT = { mobile: '17020000000', password: 'bench1234' };

interface KeptState {
  port: number;
  hostPort: number;
  /** Set once everything is seeded: a run cut short before starts again from nothing. */
  seeded: boolean;
  /** The seed's version it was made with: a data set of another is seeded again. */
  seedVersion?: number;
}

/**
 * The version of `demo:scale`'s data: 2 spreads the orders over 300 days (issue 64's dashboard reads a
 * month of them); a kept data set of an older version is made again.
 */
const SEED_VERSION = 2;

export interface ScaleStack {
  server: ServerProcess;
  stop: () => Promise<void>;
}

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A joined host in a process of its own, its data folder kept: `joinToken` on its first start only. */
function startJoinedHost(dir: string, port: number, serverUrl: string, joinToken?: string): ChildProcess {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', HOST_MAIN], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      HOST_PORT: String(port),
      HOST_DATA_DIR: dir,
      HOST_PUBLIC_URL: url,
      HOST_CAPACITY: String(JOINED_PHONES),
      CONTROL_PLANE_URL: serverUrl,
      LOG_LEVEL: 'warn',
      ...(joinToken ? { JOIN_TOKEN: joinToken } : {}),
    },
    stdio: 'ignore',
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return child;
}

/** Waits until the server lists the joined host online (its heartbeat arrived). */
async function joinedHostOnline(server: ServerProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const line = (await server.admin('host:list')).split('\n').find((l) => l.startsWith(`${JOINED_HOST}\t`));
    if (line?.includes('\tonline')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${JOINED_HOST} did not come online`);
}

/** The server on the kept large data set of `kind`, seeding it (several minutes) the first time. */
export async function scaleStack(kind: 'sqlite' | 'postgres', nodeArgs: readonly string[] = []): Promise<ScaleStack> {
  const dir = join(KEPT, kind);
  const stateFile = join(dir, 'state.json');
  let state = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as KeptState) : undefined;
  const database = 'bench_api_scale';
  if (!state?.seeded || state.seedVersion !== SEED_VERSION) {
    rmSync(dir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await onPostgres(`drop database if exists ${database} with (force)`);
      await onPostgres(`create database ${database}`);
    }
    state = { port: await freePort(), hostPort: await freePort(), seeded: false };
  }
  mkdirSync(join(dir, 'server'), { recursive: true });
  const env = {
    PORT: String(state.port),
    LOG_LEVEL: 'warn',
    ...(kind === 'postgres' ? { DATABASE_URL: PG_URL.replace(/\/[^/]*$/, `/${database}`) } : {}),
  };
  const server = await startServer(join(dir, 'server'), env, nodeArgs);
  let host: ChildProcess | undefined;
  try {
    if (!state.seeded) {
      const started = Date.now();
      console.log(`${kind}: seeding the large data set once (kept in ${dir})…`);
      console.log(`${kind}: ${(await server.admin('demo:scale')).trim()}`);
      const token = /JOIN_TOKEN=(\S+)/.exec(await server.admin('host:token', '--name', JOINED_HOST))![1];
      host = startJoinedHost(join(dir, 'host'), state.hostPort, server.baseUrl, token);
      await joinedHostOnline(server);
      // Every phone of the account on the joined host: the server's own host takes none meanwhile.
      await server.admin('host:drain', '--name', 'embedded');
      await server.admin(
        'user:create',
        '--client-no',
        'demo',
        '--mobile',
        JOINED_ACCOUNT.mobile,
        '--password',
        JOINED_ACCOUNT.password,
      );
      await server.admin(
        'phone:give',
        '--client-no',
        'demo',
        '--mobile',
        JOINED_ACCOUNT.mobile,
        '--count',
        String(JOINED_PHONES),
        '--days',
        '365',
      );
      await server.admin('host:drain', '--name', 'embedded', '--off');
      writeFileSync(stateFile, JSON.stringify({ ...state, seeded: true, seedVersion: SEED_VERSION }));
      console.log(`${kind}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } else {
      host = startJoinedHost(join(dir, 'host'), state.hostPort, server.baseUrl);
      await joinedHostOnline(server);
    }
  } catch (error) {
    host?.kill('SIGKILL');
    await server.stop();
    throw error;
  }
  const hostExited = new Promise((r) => host!.once('exit', r));
  return {
    server,
    stop: async () => {
      host!.kill('SIGTERM');
      await hostExited;
      await server.stop();
    },
  };
}

/**
 * The lists `demo:scale`'s big account opens — its phones, orders, messages, and one batch's push
 * records — and its merchant's revenue per day over the last 30 days, as the console's dashboard reads it.
 */
async function listTargets(server: ServerProcess): Promise<Target[]> {
  const headers = await browserHeaders(server, SCALE_ACCOUNT);
  const query = { pageSize: PAGE_SIZE };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const month = { from: day(Date.now() - 29 * 86_400_000), to: day(Date.now()) };
  return [
    { name: 'phone list', url: urlOf(server.baseUrl, userPhone.list, query), headers },
    { name: 'orders', url: urlOf(server.baseUrl, order.page, query), headers },
    { name: 'messages', url: urlOf(server.baseUrl, message.page, query), headers },
    { name: 'push records', url: urlOf(server.baseUrl, files.pushPage, { batchId: 'scale-0-0' }), headers },
    {
      name: 'revenue per day, 30 days',
      url: urlOf(server.baseUrl, dashboard.days, month),
      headers: await financeHeaders(server),
    },
  ];
}

/** A finance operator of the big account's merchant (made for this run), signed in to the console. */
async function financeHeaders(server: ServerProcess): Promise<Record<string, string>> {
  const login = `bench-${Date.now() % 100_000_000}`;
  const password = 'bench-finance-1';
  const printed = await server.admin(
    'operator:create',
    '--tenant',
    '1',
    '--login',
    login,
    '--password',
    password,
    '--role',
    'finance',
  );
  const totpSecret = /authenticator secret: (\S+)/.exec(printed)![1]!;
  return operatorHeaders(server.baseUrl, { tenantId: 1, login, password, totpSecret });
}

/**
 * The same lists on data of the demo's size: `demo:scale` made small (10 users, the account with 1,000
 * phones and, like every user, 30 orders, messages and push records), so each call reads a full page
 * as on the large data and only the tables' size differs.
 */
export async function demoListTargets(server: ServerProcess): Promise<Target[]> {
  const small = {
    users: 10,
    phones: 1_100,
    'big-account-phones': 1_000,
    orders: 300,
    'other-orders': 300,
    messages: 300,
    pushes: 300,
  };
  await server.admin('demo:scale', ...Object.entries(small).flatMap(([name, n]) => [`--${name}`, String(n)]));
  return listTargets(server);
}

/** The lists on the large data set: the big account's, its page 500, and the joined host's account's list. */
export async function scaleTargets(server: ServerProcess): Promise<Target[]> {
  const [list, ...others] = await listTargets(server);
  const joined = await browserHeaders(server, JOINED_ACCOUNT);
  return [
    list!,
    {
      ...list!,
      name: 'phone list, page 500',
      url: urlOf(server.baseUrl, userPhone.list, { pageSize: PAGE_SIZE, pageNo: 500 }),
    },
    { name: 'phone list, joined host', url: list!.url, headers: joined },
    ...others,
  ];
}
