import type { Kysely } from 'kysely';

/**
 * The console's customers and phones (issue 63): a tenant's accounts and phones listed newest first,
 * and its phones on one host, each off an index of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('app_user_tenant_idx').on('app_user').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('user_phone_tenant_idx').on('user_phone').columns(['tenant_id', 'id']).execute();
  await db.schema
    .createIndex('user_phone_tenant_host_idx')
    .on('user_phone')
    .columns(['tenant_id', 'device_host_id', 'id'])
    .execute();
  await db.schema
    .createIndex('user_phone_tenant_user_idx')
    .on('user_phone')
    .columns(['tenant_id', 'user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'user_phone_tenant_user_idx',
    'user_phone_tenant_host_idx',
    'user_phone_tenant_idx',
    'app_user_tenant_idx',
  ])
    await db.schema.dropIndex(index).execute();
}
