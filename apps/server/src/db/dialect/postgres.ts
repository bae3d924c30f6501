import pg from 'pg';
import { PostgresDialect } from 'kysely';

// BIGINT (type 20) holds epoch milliseconds, which fit a JavaScript number exactly.
pg.types.setTypeParser(20, (value) => Number(value));

export interface PostgresOptions {
  /** A schema to work in (tests use one schema per run). */
  schema?: string;
  maxConnections?: number;
}

export function postgresDialect(url: string, options: PostgresOptions = {}): PostgresDialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  return new PostgresDialect({ pool });
}
