import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

export function sqliteDialect(file: string): SqliteDialect {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers proceed while a write is under way; the busy timeout covers the admin CLI
  // writing to the same file as a running server.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  return new SqliteDialect({ database });
}
