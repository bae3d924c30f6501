import { availableParallelism } from 'node:os';
import pg from 'pg';
import { PostgresDialect } from 'kysely';

// BIGINT (type 20) holds epoch milliseconds, which fit a JavaScript number exactly.
pg.types.setTypeParser(20, (value) => Number(value));

export interface PostgresOptions {
  /** A schema to work in (tests use one schema per run). */
  schema?: string;
  /** Connections kept; by default `DB_POOL_SIZE`, else twice the machine's cores and one. */
  maxConnections?: number;
}

/**
 * A pool sized to the machine: PostgreSQL's own rule of thumb is twice the cores and one, more only
 * queues inside the database (a server and its database share the machine here; a node elsewhere sets
 * `DB_POOL_SIZE`).
 */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.DB_POOL_SIZE);
  return Number.isInteger(asked) && asked > 0 ? asked : availableParallelism() * 2 + 1;
}

/** Statement names given out: the repositories write a few hundred texts (a list's `in (…)` one per length). */
const NAMED_STATEMENTS = 5_000;
const statementNames = new Map<string, string>();

/** The name a statement with values is prepared under, the same on every connection; none past the bound. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS) {
    name = `cp${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * How durable a commit is (issue 56). A statement on its own (a rename, a message read, a job's mark)
 * commits as SQLite's WAL does: kept through a crash of the server, while the last fraction of a
 * second of them may be lost if PostgreSQL itself stops (`synchronous_commit = off`, never a torn
 * write) — and does not wait for the WAL's flush, which cost a rename 40 % of its rate. A unit of work
 * (every payment, refund, balance and order change is one) waits for it: its `begin` says so in the
 * same round trip.
 */
const LONE_STATEMENTS = '-c synchronous_commit=off';
const DURABLE_UNIT = 'set local synchronous_commit = on';
const BEGINS = /^(begin|start transaction)\b/i;

/**
 * Each statement with values prepared once per connection, by name (issue 56): unnamed, PostgreSQL
 * parses and plans every query again, a tenth of a short query's time. Statements without values
 * (a transaction's begin and commit, migrations, which may hold several statements) go as they were:
 * only the simple protocol runs several statements in one text. A unit of work's `begin` carries its
 * durable commit (`DURABLE_UNIT`).
 */
function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && BEGINS.test(text)) return query(`${text}; ${DURABLE_UNIT}`, values, callback);
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined)
      return query(text, values, callback);
    const name = statementName(text);
    return name ? query({ text, values, name }) : query(text, values);
  }) as typeof client.query;
}

export function postgresDialect(url: string, options: PostgresOptions = {}): PostgresDialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? poolSize(),
    options: [LONE_STATEMENTS, ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(' '),
  });
  pool.on('connect', namePreparedStatements);
  return new PostgresDialect({ pool });
}
