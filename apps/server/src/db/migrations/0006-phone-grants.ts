import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Grants (spec §3, §6): an owner lets another account watch (view) or operate (control) a phone until
 * a time no later than the phone's expiry; the owner can take it back at any time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_grant')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_phone_id', 'integer', (c) => c.notNull().references('user_phone.id'))
    .addColumn('grantor_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('grantee_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('expire_time', wideInteger, (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('revoked_at', wideInteger)
    .execute();
  await db.schema.createIndex('phone_grant_grantee_idx').on('phone_grant').columns(['grantee_id']).execute();
  await db.schema.createIndex('phone_grant_phone_idx').on('phone_grant').columns(['user_phone_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_grant').execute();
}
