import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Real wallets (issue 25). An order remembers the client it was placed in, whose wallet settings take
 * its money. Each time a customer is sent to a wallet an attempt is kept, so the payments job can ask
 * that wallet about an order whose notice never came, and close it there before it closes here. A
 * refund — an operator's, or of a payment that came too late — is kept with the number we gave it
 * (the same number again is the same refund at the wallet) and with what the wallet answered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trade_order').addColumn('client_id', 'integer').execute();

  await db.schema
    .createTable('payment_attempt')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('trade_order.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('started_at', wideInteger, (c) => c.notNull())
    .addColumn('checked_at', wideInteger)
    .addPrimaryKeyConstraint('payment_attempt_pk', ['order_id', 'provider'])
    .execute();

  await db.schema
    .createTable('payment_refund')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('trade_order.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('provider_refund_id', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('settled_at', wideInteger)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_refund').execute();
  await db.schema.dropTable('payment_attempt').execute();
  await db.schema.alterTable('trade_order').dropColumn('client_id').execute();
}
