import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { migrateToLatest, openDatabase, type AppDatabase } from '../../src/db/database';
import { seedDemo } from '../../src/seed/demo';

export type DatabaseName = 'sqlite' | 'postgres';

/** Opens a fresh, empty database; the app built on it destroys it on close. */
export type OpenDatabase = () => Promise<AppDatabase>;

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
const postgresReachable = await postgresAnswers(TEST_PG_URL);
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

/** Every open gets its own SQLite file in a folder removed when the suite ends. */
function sqliteDatabases(): OpenDatabase {
  let folder: string | undefined;
  let count = 0;
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return async () => {
    folder ??= mkdtempSync(join(tmpdir(), 'cloudphone-test-'));
    return openDatabase(join(folder, `db-${++count}.sqlite`));
  };
}

/** Every open gets its own schema `t_<random>`, dropped with everything in it when the suite ends. */
function postgresDatabases(): OpenDatabase {
  const schemas: string[] = [];
  afterAll(async () => {
    if (schemas.length === 0) return;
    await onPostgres(async (client) => {
      for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
    });
  });
  return async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await onPostgres((client) => client.query(`create schema ${schema}`));
    schemas.push(schema);
    return openDatabase(TEST_PG_URL, { schema, maxConnections: 4 });
  };
}

/**
 * Declares `body` once per database: `title (sqlite)` always, `title (postgres)` when PostgreSQL
 * answers at TEST_PG_URL. `open` hands out a fresh database for each test app.
 */
export function describeEachDatabase(title: string, body: (open: OpenDatabase, name: DatabaseName) => void): void {
  describe(`${title} (sqlite)`, () => body(sqliteDatabases(), 'sqlite'));
  describe.skipIf(!postgresReachable)(`${title} (postgres)`, () => body(postgresDatabases(), 'postgres'));
}

/** The server on `db`, migrated and seeded with the demo clients `demo` (tenant 1) and `tenant100`. */
export async function buildTestApp(db: AppDatabase): Promise<FastifyInstance> {
  await migrateToLatest(db);
  const app = await buildApp({ db });
  await seedDemo(app.services, app.repos);
  return app;
}
