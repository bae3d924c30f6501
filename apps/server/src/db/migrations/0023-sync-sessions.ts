import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * Sync control (issue 26): a session of one user — its main phone and followers, a follower paused or
 * not — until it ends. `main_seen_at` is when the main last had a stream open: a session whose main
 * has had none for ten minutes ends by itself. Its phones' `syncing` locks (held by the session's id)
 * are in `phone_lock` as every lock is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('main_user_phone_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('main_seen_at', wideInteger, (c) => c.notNull())
    .addColumn('ended_at', wideInteger)
    .execute();
  await db.schema.createIndex('sync_session_user_idx').on('sync_session').columns(['user_id', 'ended_at']).execute();
  await db.schema
    .createTable('sync_member')
    .addColumn('sync_id', 'text', (c) => c.notNull().references('sync_session.id').onDelete('cascade'))
    .addColumn('user_phone_id', 'integer', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', wideInteger, (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_member_pk', ['sync_id', 'user_phone_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_member').execute();
  await db.schema.dropTable('sync_session').execute();
}
