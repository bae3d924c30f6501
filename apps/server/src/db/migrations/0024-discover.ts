import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Discover (issue 29): advertisements belong to a client (null: every client of the tenant, as
 * before); CMS pages (articles and single pages) and games per client; users' pinned games; the
 * analytics events browsers send, kept for the admin report and forwarded to a merchant's collector.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('advertisement').addColumn('client_id', 'integer').execute();

  await db.schema
    .createTable('cms_page')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('updated_at', wideInteger, (c) => c.notNull())
    .addColumn('deleted_at', wideInteger)
    .execute();
  await db.schema.createIndex('cms_page_client_idx').on('cms_page').columns(['client_id', 'kind']).execute();

  await db.schema
    .createTable('game')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', wideInteger, (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('version_name', 'text', (c) => c.notNull())
    .addColumn('version_code', wideInteger, (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('deleted_at', wideInteger)
    .execute();
  await db.schema.createIndex('game_client_idx').on('game').column('client_id').execute();

  await db.schema
    .createTable('game_pin')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('game.id').onDelete('cascade'))
    .addColumn('pinned_at', wideInteger, (c) => c.notNull())
    .addPrimaryKeyConstraint('game_pin_pk', ['user_id', 'game_id'])
    .execute();

  await db.schema
    .createTable('analytics_event')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('time', wideInteger, (c) => c.notNull())
    .addColumn('received_at', wideInteger, (c) => c.notNull())
    .addColumn('forwarded_at', wideInteger)
    .execute();
  await db.schema
    .createIndex('analytics_event_tenant_idx')
    .on('analytics_event')
    .columns(['tenant_id', 'received_at'])
    .execute();
  await db.schema
    .createIndex('analytics_event_forward_idx')
    .on('analytics_event')
    .columns(['forwarded_at', 'client_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_event').execute();
  await db.schema.dropTable('game_pin').execute();
  await db.schema.dropTable('game').execute();
  await db.schema.dropTable('cms_page').execute();
  await db.schema.alterTable('advertisement').dropColumn('client_id').execute();
}
