import { Kysely, Migrator, sql, type LogConfig } from 'kysely';
import type { Database } from './schema';
import { sqliteDialect } from './dialect/sqlite';
import { postgresDialect, type PostgresOptions } from './dialect/postgres';
import { currentSchema, dialectOf, type DialectName } from './dialect/index';
import { migrations } from './migrations/index';

export type { AppDatabase } from './dialect/index';

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export interface OpenOptions extends PostgresOptions {
  /** Hears every query run (the query-plan test collects them). */
  log?: LogConfig;
}

/** Opens the database a URL names: a postgres:// URL, or a SQLite file path (optionally `sqlite:` prefixed). */
export function openDatabase(url: string, options: OpenOptions = {}): Kysely<Database> {
  const dialect = isPostgresUrl(url) ? postgresDialect(url, options) : sqliteDialect(url.replace(/^sqlite:/, ''));
  return new Kysely<Database>({ dialect, log: options.log });
}

/** Brings the schema up to date; run at start-up. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await currentSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** A round trip to the database (the server's /ready): resolves with its dialect once it answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<DialectName> {
  await sql`select 1`.execute(db);
  return dialectOf(db);
}
