import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Messages and customer service (issue 24). A message is a kind and its parameters (JSON), written
 * in its reader's language when read; `dedupe_key` keeps an event's message single (a phone's
 * expiry notice per threshold and expiry time). A merchant's own systems sign their calls with a
 * merchant key; each signature is remembered until its request time is out of the accepted window,
 * so a captured call cannot be sent again. A client's customer-service QR code may be a picture the
 * admin CLI keeps in the blob store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('read_at', wideInteger)
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_user_idx').on('message').columns(['user_id', 'type', 'id']).execute();
  await db.schema.createIndex('message_dedupe_uq').on('message').columns(['user_id', 'dedupe_key']).unique().execute();

  await db.schema
    .createTable('merchant_key')
    .addColumn('access_key', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('secret_key', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('merchant_signature')
    .addColumn('access_key', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('expires_at', wideInteger, (c) => c.notNull())
    .addPrimaryKeyConstraint('merchant_signature_pk', ['access_key', 'signature'])
    .execute();

  await db.schema.alterTable('customer_service').addColumn('qr_code_sha256', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customer_service').dropColumn('qr_code_sha256').execute();
  await db.schema.dropTable('merchant_signature').execute();
  await db.schema.dropTable('merchant_key').execute();
  await db.schema.dropTable('message').execute();
}
