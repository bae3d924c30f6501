import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * Counters behind every limit that must hold under concurrency (DESIGN §5, §10): login attempts, SMS
 * sends, repeated power operations, and the quotas built on them. One row per scope and subject
 * (e.g. `login-account` / `1:13800000000`), counting events in a window that starts at the first
 * event; a conditional upsert counts an event and refuses it past the limit in one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttle_counter')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', wideInteger, (c) => c.notNull())
    .addPrimaryKeyConstraint('throttle_counter_pk', ['scope', 'subject'])
    .execute();
  await db.schema.createIndex('throttle_counter_ends_idx').on('throttle_counter').column('window_ends_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_counter').execute();
}
