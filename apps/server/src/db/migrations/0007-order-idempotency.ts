import type { Kysely } from 'kysely';

/**
 * An order placed twice with one `Idempotency-Key` (a double tap, a retried request) is one order
 * (DESIGN §3): the key is unique per user. Orders without a key are not constrained (NULLs differ).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trade_order').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('trade_order_idempotency_uq')
    .unique()
    .on('trade_order')
    .columns(['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trade_order_idempotency_uq').execute();
  await db.schema.alterTable('trade_order').dropColumn('idempotency_key').execute();
}
