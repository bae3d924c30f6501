import { loadConfig } from '../config';
import { migrateToLatest, openDatabase, type AppDatabase } from '../db/database';
import { createSmsProvider } from '../providers/sms/index';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { createRepositories, type Repositories } from '../repositories/index';
import { loadOrCreateKeys } from '../security/keys';
import { systemClock } from '../services/clock';
import { createServices, type Services } from '../services/index';

/** What a CLI command works with: the same database, keys, repositories and services as the server. */
export interface CliContext {
  db: AppDatabase;
  repos: Repositories;
  services: Services;
  sms: SmsProvider;
  print: (line: string) => void;
}

export async function openCliContext(print: (line: string) => void = console.log): Promise<CliContext> {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const repos = createRepositories(db);
  const sms = createSmsProvider(config, print, systemClock.now);
  const services = createServices({ repos, keys: loadOrCreateKeys(config.dataDir), sms, clock: systemClock });
  return { db, repos, services, sms, print };
}
