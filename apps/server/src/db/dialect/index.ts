import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type Kysely,
  type QueryExecutorProvider,
  type RawBuilder,
} from 'kysely';
import type { Database } from '../schema';

/**
 * The only place that knows which SQL dialect is in use. Repositories write portable Kysely; what
 * differs between SQLite and PostgreSQL (auto ids, wide integers, connection set-up) lives here.
 */
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: QueryExecutorProvider): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The PostgreSQL schema the connection works in (its search_path); undefined on SQLite. The migrator
 * must keep its own tables there too: left unqualified, it takes Kysely's tables in any other schema
 * of the database for its own and then fails to find them on its search_path.
 */
export async function currentSchema(db: QueryExecutorProvider): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** An auto-incrementing integer primary key. */
export function autoIdType(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres' ? ('serial' as const) : ('integer' as const);
}
export function autoId(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) =>
    dialectOf(db) === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
}

/** A text column as a JSON string literal (quoted and escaped), for building JSON in SQL. */
export function jsonStringOf(db: QueryExecutorProvider, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_json(${sql.ref(column)})::text`
    : sql<string>`json_quote(${sql.ref(column)})`;
}

/** Epoch-millisecond times and other values past 2^31 need 64-bit columns. */
export const wideInteger = 'bigint' as const;

export type AppDatabase = Kysely<Database>;

/** Whether a write failed on a unique index (PostgreSQL's 23505, SQLite's constraint): another writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Whether PostgreSQL gave up a unit of work for another's sake: a deadlock (40P01) or a serialization
 * failure (40001). Nothing of it was written, so it may run again.
 */
export function isLostRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
