import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the tests and benchmarks use when it answers (every machine of ours runs one). */
export const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1_500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A fresh database for one server: its SQLite file in its data folder (nothing to do), or a new
 * PostgreSQL database named `<prefix>_<random>`, dropped by `drop`.
 */
export async function freshDatabase(
  kind: 'sqlite' | 'postgres',
  prefix: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'sqlite') return { env: {}, drop: async () => undefined };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  return {
    env: { DATABASE_URL: PG_URL.replace(/\/[^/]*$/, `/${name}`) },
    drop: () => admin(`drop database ${name} with (force)`),
  };
}
