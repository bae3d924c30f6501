import { Kysely, PostgresAdapter, type ColumnDefinitionBuilder } from 'kysely';
import type { Database } from '../schema';

/**
 * The only place that knows which SQL dialect is in use. Repositories write portable Kysely; what
 * differs between SQLite and PostgreSQL (auto ids, wide integers, connection set-up) lives here.
 */
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-incrementing integer primary key. */
export function autoIdType(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres' ? ('serial' as const) : ('integer' as const);
}
export function autoId(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) =>
    dialectOf(db) === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
}

/** Epoch-millisecond times and other values past 2^31 need 64-bit columns. */
export const wideInteger = 'bigint' as const;

export type AppDatabase = Kysely<Database>;
