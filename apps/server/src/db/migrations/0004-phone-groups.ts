import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/** A user's own phone groups. The default group is no row: a phone without a group is in it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_group')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_group_user_idx').on('phone_group').columns(['tenant_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_group').execute();
}
