import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * A push (a game install) sent twice with one `Idempotency-Key` — fifty taps, a retried request — is
 * one batch (issue 48), as an order is one order: the key is unique per user, taken in the unit of
 * work that makes the batch, so racing requests cannot both win.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_batch_key')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addPrimaryKeyConstraint('push_batch_key_pk', ['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_batch_key').execute();
}
