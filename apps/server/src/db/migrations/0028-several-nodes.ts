import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * What several API nodes share of the hosts without one node holding it (issue 49). Each node drains
 * the delivery to hosts: a host's undelivered rows are delivered by the node that holds its claim,
 * whose short lease that node renews while it delivers — a node that dies lets go within seconds.
 * `device_host.told_online` is whether the host's users were last told it is online, so its going
 * offline or coming back is told once across the nodes (a conditional write).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('host_delivery_claim')
    .addColumn('device_host_id', 'integer', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', wideInteger, (c) => c.notNull())
    .execute();
  // A host's undelivered rows, for the node that holds its claim.
  await db.schema
    .createIndex('host_outbox_host_pending_idx')
    .on('host_outbox')
    .columns(['device_host_id', 'delivered_at', 'id'])
    .execute();
  await db.schema.alterTable('device_host').addColumn('told_online', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('device_host').dropColumn('told_online').execute();
  await db.schema.dropIndex('host_outbox_host_pending_idx').execute();
  await db.schema.dropTable('host_delivery_claim').execute();
}
