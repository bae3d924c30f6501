import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import { buildApp, type AppOptions } from '../../src/app';
import { migrateToLatest, openDatabase, type AppDatabase, type OpenOptions } from '../../src/db/database';
import { currentSchema, dialectOf } from '../../src/db/dialect/index';
import { migrations } from '../../src/db/migrations/index';
import { seedDemo } from '../../src/seed/demo';

export type DatabaseName = 'sqlite' | 'postgres';

/** Opens a fresh, empty database; the app built on it destroys it on close. `log` hears its queries. */
export type OpenDatabase = (options?: Pick<OpenOptions, 'log'>) => Promise<AppDatabase>;

export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// DESIGN §5: route tests run on both databases when PostgreSQL answers, and say so when it does not.
export const postgresReachable = await postgresAnswers(TEST_PG_URL);
if (!postgresReachable) {
  console.log(`PostgreSQL not reachable at ${TEST_PG_URL}: skipping PostgreSQL route tests`);
}

async function onPostgres<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 1_500 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Kysely's migrator looks for its table by introspecting every schema of the database, and that query
 * fails ("schema … does not exist") when another test file drops its schemas at the same moment. So
 * schemas are dropped under this advisory lock held exclusively, and migrations run holding it shared.
 */
const SCHEMA_LOCK = 0x636c6f7564;

/**
 * Runs `work` while no test file drops its schemas: a migration needs it, here or in a child process
 * (the admin CLI migrates the database it opens).
 */
export async function whileSchemasStay<T>(work: () => Promise<T>): Promise<T> {
  return onPostgres(async (client) => {
    await client.query('select pg_advisory_lock_shared($1)', [SCHEMA_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock_shared($1)', [SCHEMA_LOCK]);
    }
  });
}

/** Migrates to the latest schema, or only up to the migration named `until` (to test the next one). */
export async function migrate(db: AppDatabase, until?: string): Promise<void> {
  const run = async () => {
    if (!until) return migrateToLatest(db);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: await currentSchema(db),
    });
    const { error } = await migrator.migrateTo(until);
    if (error) throw error;
  };
  return dialectOf(db) === 'postgres' ? whileSchemasStay(run) : run();
}

/** Every open gets its own SQLite file in a folder removed when the suite ends. */
function sqliteDatabases(): OpenDatabase {
  let folder: string | undefined;
  let count = 0;
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return async (options) => {
    folder ??= mkdtempSync(join(tmpdir(), 'cloudphone-test-'));
    return openDatabase(join(folder, `db-${++count}.sqlite`), options);
  };
}

/** Each call makes a schema `t_<random>`; all are dropped with everything in them when the suite ends. */
function postgresSchemas(): () => Promise<string> {
  const schemas: string[] = [];
  afterAll(async () => {
    if (schemas.length === 0) return;
    await onPostgres(async (client) => {
      await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
      for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    });
  });
  return async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await onPostgres((client) => client.query(`create schema ${schema}`));
    schemas.push(schema);
    return schema;
  };
}

/** Every open gets its own schema. */
function postgresDatabases(): OpenDatabase {
  const schema = postgresSchemas();
  return async (options) => openDatabase(TEST_PG_URL, { ...options, schema: await schema(), maxConnections: 4 });
}

/** One fresh PostgreSQL database, opened anew by each call as API nodes that share it do (DESIGN §8). */
export function sharedPostgresDatabase(): OpenDatabase {
  const schema = postgresSchemas();
  let shared: Promise<string> | undefined;
  return async () => openDatabase(TEST_PG_URL, { schema: await (shared ??= schema()), maxConnections: 4 });
}

/**
 * Declares `body` once per database: `title (sqlite)` always, `title (postgres)` when PostgreSQL
 * answers at TEST_PG_URL. `open` hands out a fresh database for each test app.
 */
export function describeEachDatabase(title: string, body: (open: OpenDatabase, name: DatabaseName) => void): void {
  describe(`${title} (sqlite)`, () => body(sqliteDatabases(), 'sqlite'));
  describe.skipIf(!postgresReachable)(`${title} (postgres)`, () => body(postgresDatabases(), 'postgres'));
}

/** What a test may change of the app it builds: a clock to move through days, its own SMS provider, production mode. */
export type TestAppOptions = Omit<AppOptions, 'db'>;

/**
 * The server on `db`, migrated and seeded with the demo clients `demo` (tenant 1) and `tenant100`.
 * `options` pass through to buildApp (e.g. `{ clock }` to move time, `{ production: true }`).
 */
export async function buildTestApp(db: AppDatabase, options: TestAppOptions = {}): Promise<FastifyInstance> {
  await migrate(db);
  const app = await buildApp({ logLevel: process.env.TEST_LOG_LEVEL, ...options, db });
  await seedDemo(app.services, app.repos);
  return app;
}
