import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * Key maps (issue 65): a user's own map per app package, and the default a merchant ships with a game of
 * its channel (`game.key_map`, JSON; null for none). A map is one JSON document: it is read and written whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('key_map')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('key_map', 'text', (c) => c.notNull())
    .addColumn('updated_at', wideInteger, (c) => c.notNull())
    .addPrimaryKeyConstraint('key_map_pk', ['user_id', 'package_name'])
    .execute();
  await db.schema.alterTable('game').addColumn('key_map', 'text').execute();
  // A user's default is found by their client and the package in front.
  await db.schema.createIndex('game_client_package_idx').on('game').columns(['client_id', 'package_name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('game_client_package_idx').execute();
  await db.schema.alterTable('game').dropColumn('key_map').execute();
  await db.schema.dropTable('key_map').execute();
}
