import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/** Device hosts (where phones run) and the phones users rent on them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_host')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    // Empty for the host embedded in the server process: clients reach it on the server's own origin.
    .addColumn('public_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('registered_at', wideInteger, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_phone')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('device_host_id', 'integer', (c) => c.notNull().references('device_host.id'))
    .addColumn('instance_no', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_id', 'integer')
    .addColumn('expire_time', wideInteger, (c) => c.notNull())
    .addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_phone_user_idx').on('user_phone').columns(['tenant_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_phone').execute();
  await db.schema.dropTable('device_host').execute();
}
