import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Statements kept prepared: the repositories' queries are a few hundred texts, a list's `in (…)` of
 * each length one more; past this the least recently run goes.
 */
const KEPT_STATEMENTS = 1_000;

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * A row as an object literal of its columns: better-sqlite3 makes each row object through V8's API,
 * at twice the cost of the literal (issue 34: 20 µs of a page of 20 phones). None for a statement with
 * a column no literal can carry as it is.
 */
function rowMaker(statement: SQLite.Statement): ((values: unknown[]) => unknown) | undefined {
  const names = statement.columns().map((c) => c.name);
  if (names.includes('__proto__')) return undefined;
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => unknown;
}

/** A kept statement as Kysely runs it: rows as objects, made by `rowMaker` when there is one. */
function keptStatement(statement: SQLite.Statement): SqliteStatement {
  const toRow = statement.reader ? rowMaker(statement) : undefined;
  if (!toRow) return statement;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

/**
 * Kysely prepares every statement it runs on better-sqlite3 again (issue 34: 14 % of a phone list's
 * time); this keeps each prepared statement by its SQL text and runs it again. Safe on Kysely's one
 * connection: a statement is run to its end (`all`, `run`) before the next query, and a streamed one
 * holds the connection while it iterates. A change of the schema (a migration) lets go of them all:
 * their rows' columns may have changed.
 */
function keptStatements(database: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      if (SCHEMA_CHANGE.test(sql)) {
        kept.clear();
        return database.prepare(sql);
      }
      let statement = kept.get(sql);
      if (statement) {
        // Most recently run last: a Map iterates in insertion order.
        kept.delete(sql);
      } else {
        statement = keptStatement(database.prepare(sql));
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
