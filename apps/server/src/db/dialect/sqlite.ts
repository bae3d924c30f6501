import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect, type SqliteDatabase } from 'kysely';

/**
 * Statements kept prepared: the repositories' queries are a few hundred texts, a list's `in (…)` of
 * each length one more; past this the least recently run goes.
 */
const KEPT_STATEMENTS = 1_000;

/**
 * Kysely prepares every statement it runs on better-sqlite3 again (issue 34: 14 % of a phone list's
 * time); this keeps each prepared statement by its SQL text and runs it again. Safe on Kysely's one
 * connection: a statement is run to its end (`all`, `run`) before the next query, and a streamed one
 * holds the connection while it iterates. SQLite prepares a kept statement again by itself when a
 * migration changes the schema under it.
 */
function keptStatements(database: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = kept.get(sql);
      if (statement) {
        // Most recently run last: a Map iterates in insertion order.
        kept.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      }
      kept.set(sql, statement);
      return statement;
    },
  };
}

export function sqliteDialect(file: string): SqliteDialect {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers proceed while a write is under way; the busy timeout covers the admin CLI
  // writing to the same file as a running server.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  return new SqliteDialect({ database: keptStatements(database) });
}
