import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * One task model (issue 21, DESIGN §10): every host task the server starts is a row — its kind,
 * phone, state, progress and reason — written before the host is asked, moved on by the one
 * consumer of the hosts' task events. A second delivery of an event changes nothing.
 * Snapshots are blobs: a template's snapshot, once a clone needs it on another host, is kept in the
 * blob store under its hash (`snapshot_sha256`, `snapshot_size`), whence every other host fetches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('host_task')
    .addColumn('task_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_phone_id', 'integer', (c) => c.notNull())
    .addColumn('device_host_id', 'integer', (c) => c.notNull())
    .addColumn('instance_no', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stage', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('updated_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('host_task_open_idx').on('host_task').columns(['state', 'updated_at']).execute();
  await db.schema.createIndex('host_task_phone_idx').on('host_task').columns(['user_phone_id']).execute();

  await db.schema.alterTable('phone_template').addColumn('snapshot_sha256', 'text').execute();
  await db.schema.alterTable('phone_template').addColumn('snapshot_size', wideInteger).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('phone_template').dropColumn('snapshot_size').execute();
  await db.schema.alterTable('phone_template').dropColumn('snapshot_sha256').execute();
  await db.schema.dropTable('host_task').execute();
}
