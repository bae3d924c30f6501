import { loadConfig } from '../config';
import { migrateToLatest, openDatabase, type AppDatabase } from '../db/database';
import { createRepositories, type Repositories } from '../repositories/index';
import { createServices, type Services } from '../services/index';

/** What a CLI command works with: the same database, repositories and services as the server. */
export interface CliContext {
  db: AppDatabase;
  repos: Repositories;
  services: Services;
  print: (line: string) => void;
}

export async function openCliContext(print: (line: string) => void = console.log): Promise<CliContext> {
  const db = openDatabase(loadConfig().databaseUrl);
  await migrateToLatest(db);
  const repos = createRepositories(db);
  return { db, repos, services: createServices(repos), print };
}
