import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/** Tenants, their clients (white-label apps), function lists, configuration and content. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('client')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('client_no', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo('h5'))
    .addColumn('ai_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_tenant_idx').on('client').column('tenant_id').execute();

  await db.schema
    .createTable('client_function')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id').onDelete('cascade'))
    .addColumn('function_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('props', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('enable', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('client_function_pk', ['client_id', 'function_key'])
    .execute();

  await db.schema
    .createTable('client_config')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id').onDelete('cascade'))
    .addColumn('config_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_config_pk', ['client_id', 'config_key'])
    .execute();

  await db.schema
    .createTable('tenant_config')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('config_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tenant_config_pk', ['tenant_id', 'config_key'])
    .execute();

  await db.schema
    .createTable('agreement')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('update_time', wideInteger, (c) => c.notNull())
    .addUniqueConstraint('agreement_client_type_uq', ['client_id', 'type'])
    .execute();

  await db.schema
    .createTable('advertisement')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('platform_no', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('advertisement_lookup_idx')
    .on('advertisement')
    .columns(['tenant_id', 'position', 'platform_no'])
    .execute();

  await db.schema
    .createTable('customer_service')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('client.id').onDelete('cascade'))
    .addColumn('qr_code_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('work_time', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('device_grade')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cpu_cores', 'integer', (c) => c.notNull())
    .addColumn('memory_gb', 'integer', (c) => c.notNull())
    .addColumn('storage_gb', 'integer', (c) => c.notNull())
    .addColumn('android_version', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('device_grade_tenant_code_uq', ['tenant_id', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'device_grade',
    'customer_service',
    'advertisement',
    'agreement',
    'tenant_config',
    'client_config',
    'client_function',
    'client',
    'tenant',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
