import { sql, type Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Crash-safe delivery and one end of access (hardening issue).
 * - `user_phone.provisioned_at`: a phone row is written in the same transaction as the order that
 *   pays for it, before its instance exists on a host; null until the host has made it. The recovery
 *   job makes what a crash left unmade (the host makes an instance number once, so never twice).
 * - `trade_order.ends_at`: when the time an order delivered runs out, so the job can mark it expired.
 * - `access_revocation`: every end of access (refund, transfer, grant taken back, expiry) as a row
 *   any process can write (the admin CLI too); the server delivers each to its host and marks it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_phone').addColumn('provisioned_at', wideInteger).execute();
  await sql`update user_phone set provisioned_at = created_at`.execute(db);
  await db.schema
    .createIndex('user_phone_unprovisioned_idx')
    .on('user_phone')
    .columns(['provisioned_at', 'id'])
    .execute();

  await db.schema.alterTable('trade_order').addColumn('ends_at', wideInteger).execute();
  await db.schema.createIndex('trade_order_ends_idx').on('trade_order').columns(['status', 'ends_at']).execute();

  await db.schema
    .createTable('access_revocation')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('user_phone_id', 'integer', (c) => c.notNull())
    .addColumn('device_host_id', 'integer', (c) => c.notNull())
    .addColumn('instance_no', 'text', (c) => c.notNull())
    // null: every key of the phone; else only that user's (a grantee's).
    .addColumn('user_id', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('at', wideInteger, (c) => c.notNull())
    .addColumn('delivered_at', wideInteger)
    .execute();
  await db.schema
    .createIndex('access_revocation_pending_idx')
    .on('access_revocation')
    .columns(['delivered_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_revocation').execute();
  await db.schema.dropIndex('trade_order_ends_idx').execute();
  await db.schema.alterTable('trade_order').dropColumn('ends_at').execute();
  await db.schema.dropIndex('user_phone_unprovisioned_idx').execute();
  await db.schema.alterTable('user_phone').dropColumn('provisioned_at').execute();
}
