import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * A phone's busy state (DESIGN §10): at most one lock row per phone — transferring, replacing,
 * cloning, syncing, resetting, new machine — taken with a conditional write in the transaction of
 * the change that needs it. `expires_at` frees a lock whose operation died without releasing it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_lock')
    .addColumn('user_phone_id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Who holds it (e.g. `transfer:12`): only the holder releases it.
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('locked_at', wideInteger, (c) => c.notNull())
    .addColumn('expires_at', wideInteger, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_lock').execute();
}
