import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Files and apps (issue 14).
 * - `user_file`: the user's library. A row is written when an upload starts (so the 3-files-per-batch
 *   rule and the quota hold for uploads under way) and is ready once its checksum and package check.
 *   `app_key` (package@versionCode) is set on a ready app only, and unique per user: the same app
 *   twice is refused even when two uploads finish at once. `active_pushes` counts its pairs under
 *   way, changed in the same transactions as their states, so a delete while pushing is refused by a
 *   conditional write.
 * - `user_storage`: bytes each user's files take, reserved when an upload starts (a conditional
 *   increment against the merchant's quota) and given back when it fails or the file is deleted.
 * - `file_push`: one row per (file, phone) pair of a push with its state (spec §4) and the host task
 *   id the server chose for it, so a push asked again after a crash runs once on the host.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_file')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull().unique())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', wideInteger, (c) => c.notNull())
    .addColumn('expected_sha256', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('package_name', 'text')
    .addColumn('label', 'text')
    .addColumn('version_name', 'text')
    .addColumn('version_code', 'integer')
    .addColumn('icon', 'text')
    .addColumn('app_key', 'text')
    .addColumn('active_pushes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('finished_at', wideInteger)
    .addColumn('deleted_at', wideInteger)
    .execute();
  await db.schema.createIndex('user_file_app_idx').on('user_file').columns(['user_id', 'app_key']).unique().execute();
  await db.schema.createIndex('user_file_library_idx').on('user_file').columns(['user_id', 'state', 'id']).execute();
  await db.schema.createIndex('user_file_sha_idx').on('user_file').column('sha256').execute();

  await db.schema
    .createTable('user_storage')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('used_bytes', wideInteger, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('file_push')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('user_file_id', 'integer', (c) => c.notNull())
    .addColumn('user_phone_id', 'integer', (c) => c.notNull())
    .addColumn('install', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('updated_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_push_batch_idx').on('file_push').columns(['batch_id', 'id']).execute();
  await db.schema.createIndex('file_push_phone_idx').on('file_push').columns(['user_phone_id', 'id']).execute();
  await db.schema.createIndex('file_push_state_idx').on('file_push').columns(['state', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_push').execute();
  await db.schema.dropTable('user_storage').execute();
  await db.schema.dropTable('user_file').execute();
}
