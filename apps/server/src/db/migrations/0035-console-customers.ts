import type { Kysely } from 'kysely';

/**
 * The console's customers (issue 63): a tenant's accounts listed newest first (the customer search's
 * page), off an index of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('app_user_tenant_idx').on('app_user').columns(['tenant_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('app_user_tenant_idx').execute();
}
