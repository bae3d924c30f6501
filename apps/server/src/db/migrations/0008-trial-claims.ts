import type { Kysely } from 'kysely';

/**
 * One trial per account (spec §4), held by a row per user placed with the trial order in one
 * transaction: two trial orders at once cannot both be placed. An order closed unpaid frees it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trial_claim')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('trial_claim_pk', ['tenant_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trial_claim').execute();
}
