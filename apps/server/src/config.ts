import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adbFrom, diskReserveFrom } from '@cloudphone/device-host';
import { metricsAccessFrom, type MetricsAccess } from '@cloudphone/serving/metrics-access';
import { hostRegistrationSchema, type HostRegistration } from '@cloudphone/contracts/host-registry';
import type { S3BlobStoreOptions } from './providers/blob-store/s3-blob-store';
import { parseEnv } from 'node:util';

export interface Config {
  port: number;
  host: string;
  /** Where the SQLite file, generated keys and uploads live. */
  dataDir: string;
  /** A postgres:// URL, or a SQLite file path. */
  databaseUrl: string;
  /**
   * Redis between several API nodes (`REDIS_URL`, DESIGN §8): jobs on BullMQ, live events, the count of
   * live channels and stale caches go through it; without it all stays in this process (one machine).
   */
  redisUrl: string | undefined;
  /** `REDIS_PREFIX`: this deployment's keys in Redis begin with it, so several can share one Redis. */
  redisPrefix: string;
  smsProvider: string;
  production: boolean;
  logLevel: string;
  /** The built web app served under /app/; absent in route tests. */
  webDist: string | undefined;
  /** Seed the demo tenants when the database is empty. */
  seedDemo: boolean;
  /** Run a device host inside this process (the default; `EMBEDDED_HOST=false` for separate hosts only). */
  embeddedHost: boolean;
  /** Separate device hosts, `DEVICE_HOSTS=name=http://host:8090,…`; they share the data folder's host key. */
  deviceHosts: { name: string; url: string }[];
  /** `TRUSTED_PROXIES=10.0.0.1,10.1.0.0/16`: the only peers whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** `DEV_OUTBOX=true`: the dev SMS outbox answers any peer (by default only this machine). */
  devOutbox: boolean;
  /** Uploaded files in an S3-compatible bucket (`S3_BUCKET` …) instead of `DATA_DIR/files`. */
  s3: S3BlobStoreOptions | undefined;
  /** Where separate device hosts reach this server to fetch pushed files, and wallets post their notices (`SERVER_URL`). */
  serverUrl: string;
  /** Who may read /metrics: `METRICS_NETWORKS` (this machine by default) or the bearer `METRICS_TOKEN`, as on hosts. */
  metrics: MetricsAccess;
  /** Where the embedded host's ADB endpoints are reached: `ADB_ADDRESS` and `ADB_PORTS` (5555-5654), as on hosts. */
  adb: HostRegistration['adb'];
  /** The share of the data folder's disk the embedded host's writes leave free: `HOST_DISK_RESERVE` (5 %), as on hosts. */
  hostDiskReserve: number;
}

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Settings kept beside the README, read by the server and the admin CLI alike. */
export const ENV_FILE = join(repoRoot, '.env');

/**
 * The environment over the settings of an env file (when there is one): a variable set in the
 * environment wins. Under the test runner (NODE_ENV=test) the file is not read: a developer's own
 * settings must not reach the servers and CLIs the tests start.
 */
export function environment(file: string = ENV_FILE, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.NODE_ENV === 'test' || !existsSync(file)) return env;
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env };
}

/**
 * Configuration from the environment and `.env`, with the defaults of DESIGN §6. The server and the
 * admin CLI both load it here, so they open the same database (issue 10 §7).
 */
export function loadConfig(env: NodeJS.ProcessEnv = environment()): Config {
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, 'data'));
  const serverUrl = (env.SERVER_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`).replace(/\/$/, '');
  return {
    port: Number(env.PORT ?? 8080),
    // Only this machine by default: HOST=0.0.0.0 (or an address) exposes it, e.g. behind a proxy.
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? join(dataDir, 'cloudphone.sqlite'),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'cloudphone',
    smsProvider: env.SMS_PROVIDER ?? 'console',
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST === '' ? undefined : resolve(env.WEB_DIST ?? join(repoRoot, 'apps/web/dist')),
    seedDemo: env.SEED_DEMO !== 'false',
    embeddedHost: env.EMBEDDED_HOST !== 'false',
    deviceHosts: (env.DEVICE_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim().split('='))
      .filter((parts): parts is [string, string] => parts.length === 2 && Boolean(parts[0]) && Boolean(parts[1]))
      .map(([name, url]) => ({ name, url: url.replace(/\/$/, '') })),
    trustedProxies: (env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    devOutbox: env.DEV_OUTBOX === 'true',
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
        }
      : undefined,
    serverUrl,
    metrics: metricsAccessFrom(env),
    adb: hostRegistrationSchema.shape.adb.parse(adbFrom(env, serverUrl, 100)),
    hostDiskReserve: diskReserveFrom(env.HOST_DISK_RESERVE),
  };
}
