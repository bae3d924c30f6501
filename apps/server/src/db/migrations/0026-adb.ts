import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * ADB to every cloud phone (issue 35). `user_phone.adb_port` is the port of its host's range its
 * endpoint listens on while its owner has ADB on (null: off); one phone a port on each host, so the
 * index is unique (nulls are distinct on both databases). `adb_key` holds the public keys each account
 * lets `adb` in with, one row per key and account (by the key's fingerprint).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_phone').addColumn('adb_port', 'integer').execute();
  // The client its owner switched ADB on in: a reboot over ADB meets that client's switches, as in the app.
  await db.schema.alterTable('user_phone').addColumn('adb_client_id', 'integer').execute();
  await db.schema
    .createIndex('user_phone_adb_port_uq')
    .on('user_phone')
    .columns(['device_host_id', 'adb_port'])
    .unique()
    .execute();

  await db.schema
    .createTable('adb_key')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('adb_key_user_uq').on('adb_key').columns(['user_id', 'fingerprint']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('adb_key').execute();
  await db.schema.dropIndex('user_phone_adb_port_uq').execute();
  await db.schema.alterTable('user_phone').dropColumn('adb_client_id').execute();
  await db.schema.alterTable('user_phone').dropColumn('adb_port').execute();
}
