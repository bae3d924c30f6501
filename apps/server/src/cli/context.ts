import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { createBlobStore } from '../providers/blob-store/index';
import { ENV_FILE, loadConfig, type Config } from '../config';
import { migrateToLatest, openDatabase, type AppDatabase } from '../db/database';
import { createSmsProvider } from '../providers/sms/index';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { createRepositories, type Repositories } from '../repositories/index';
import { loadOrCreateKeys } from '../security/keys';
import { systemClock } from '../services/clock';
import { createServices, type Services } from '../services/index';
import { DeviceHost } from '@cloudphone/device-host';
import { HostApiClient } from '../providers/device-hosts/host-api-client';
import { signedBlobUrl } from '../providers/blob-store/signed-url';
import { InProcessJobRunner } from '../jobs/job-runner';
import { defineJobs } from '../jobs/index';
import { redisCluster } from '../cluster';

/** The CLI cannot go on: said on stderr, exit code 2, nothing changed. */
export class CliRefusal extends Error {}

/** What a CLI command works with: the same database, keys, repositories and services as the server. */
export interface CliContext {
  db: AppDatabase;
  repos: Repositories;
  services: Services;
  sms: SmsProvider;
  print: (line: string) => void;
  close: () => Promise<void>;
}

/** Where the database is, as an operator recognises it (a PostgreSQL URL without its password). */
function databaseLocation(config: Config): string {
  if (!/^postgres(ql)?:/.test(config.databaseUrl)) return config.databaseUrl;
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

/** Said when the CLI opens a database without tenants: most likely not the one the server uses. */
export function emptyDatabaseNotice(config: Config): string {
  return (
    `database at ${databaseLocation(config)} is empty — is DATA_DIR right? ` +
    `(the server and this CLI read DATA_DIR and DATABASE_URL from the environment, then ${ENV_FILE})`
  );
}

/**
 * Opens what the commands work with. `warn` (stderr by default) hears about an empty database, so
 * an operator whose server runs with another DATA_DIR does not fill a new database unawares.
 */
export async function openCliContext(
  print: (line: string) => void = console.log,
  warn: (line: string) => void = console.error,
): Promise<CliContext> {
  const config = loadConfig();
  // The server makes its data folder on its first start; the CLI never makes one where it happens to run.
  const sqliteFile = /^postgres(ql)?:/.test(config.databaseUrl)
    ? undefined
    : config.databaseUrl.replace(/^sqlite:/, '');
  if (sqliteFile && sqliteFile !== ':memory:' && !existsSync(dirname(sqliteFile)))
    throw new CliRefusal(
      `no data folder at ${dirname(sqliteFile)} — start the server once (npm start), or set DATA_DIR to the server's`,
    );
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const repos = createRepositories(db);
  if ((await repos.tenants.list()).length === 0) warn(emptyDatabaseNotice(config));
  const sms = createSmsProvider(config, print, systemClock.now);
  const keys = loadOrCreateKeys(config.dataDir);
  // The servers run the jobs. Alone, what a command triggers (a revocation to deliver) their schedules pick
  // up; with Redis between them (DESIGN §8) the trigger reaches them at once, and so do live events (a
  // merchant's message) for the browsers.
  const cluster = config.redisUrl
    ? redisCluster(
        { url: config.redisUrl, prefix: config.redisPrefix },
        { job: () => undefined, redis: (what, error) => warn(`${what}: Redis failed: ${String(error)}`) },
      )
    : undefined;
  const jobs = cluster?.jobs ?? new InProcessJobRunner({ triggers: false, onError: () => undefined });
  const services = createServices({
    repos,
    keys,
    sms,
    clock: systemClock,
    jobs,
    blobs: await createBlobStore(config),
    serverUrl: config.serverUrl,
    events: cluster?.events,
    caches: cluster?.caches,
  });
  defineJobs(jobs, services);
  // The hosts the servers drive (issue 49): those that joined and a fixed setup's, called through their
  // host API; and, where the server embeds one (EMBEDDED_HOST), the same host store as its embedded host,
  // so phones made here appear there. Their records stay as the servers made them; the CLI serves no
  // endpoint and hears no host's events.
  services.hostEvents.listening = false;
  await services.deviceHosts.refresh();
  const blobUrl = (sha256: string) => signedBlobUrl(config.serverUrl, keys.hostKey, sha256);
  for (const fixed of config.deviceHosts)
    await services.deviceHosts.attach(
      HostApiClient.overHttp(fixed.name, fixed.url, keys.hostKey, fixed.url, blobUrl, config.serverUrl),
      { asRegistered: true },
    );
  const host = config.embeddedHost
    ? new DeviceHost({ dataDir: config.dataDir, hostKey: keys.hostKey, adb: config.adb })
    : undefined;
  if (host) await services.deviceHosts.attach(HostApiClient.embedded(host), { asRegistered: true });
  const close = async () => {
    services.deviceHosts.close();
    host?.close();
    await cluster?.close();
    await db.destroy();
  };
  return { db, repos, services, sms, print, close };
}
