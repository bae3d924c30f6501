import { createBlobStore } from '../providers/blob-store/index';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase, type AppDatabase } from '../db/database';
import { createSmsProvider } from '../providers/sms/index';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { createRepositories, type Repositories } from '../repositories/index';
import { loadOrCreateKeys } from '../security/keys';
import { systemClock } from '../services/clock';
import { createServices, type Services } from '../services/index';
import { DeviceHost } from '@cloudphone/device-host/host';
import { EmbeddedHostClient } from '../providers/device-hosts/embedded-host.client';
import { InProcessJobRunner } from '../jobs/job-runner';

/** What a CLI command works with: the same database, keys, repositories and services as the server. */
export interface CliContext {
  db: AppDatabase;
  repos: Repositories;
  services: Services;
  sms: SmsProvider;
  print: (line: string) => void;
  close: () => Promise<void>;
}

export async function openCliContext(print: (line: string) => void = console.log): Promise<CliContext> {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const repos = createRepositories(db);
  const sms = createSmsProvider(config, print, systemClock.now);
  const keys = loadOrCreateKeys(config.dataDir);
  // The server runs the jobs: what a command triggers (a revocation to deliver) its schedules pick up.
  const jobs = new InProcessJobRunner({ triggers: false, onError: () => undefined });
  const services = createServices({ repos, keys, sms, clock: systemClock, jobs, blobs: createBlobStore(config) });
  // The same host store as the server's embedded host: phones made here appear there.
  const host = new DeviceHost({ dataDir: config.dataDir, hostKey: keys.hostKey });
  await services.deviceHosts.attach(new EmbeddedHostClient(host));
  const close = async () => {
    host.close();
    await db.destroy();
  };
  return { db, repos, services, sms, print, close };
}
