import { sql, type Kysely, type SqlBool } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Operators and the audit trail (issue 62): a merchant's staff sign in to the console with a password
 * and a second factor, void the codes they handed out; every change one makes (or the admin CLI's user does) is one audit row, listed
 * newest first per tenant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer')
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('disabled_at', wideInteger)
    .execute();
  // One login per tenant, and one among the platform's operators (a null tenant is not a value to SQL).
  await db.schema.createIndex('operator_login_uq').on('operator').columns(['tenant_id', 'login']).unique().execute();
  await db.schema
    .createIndex('operator_platform_login_uq')
    .on('operator')
    .column('login')
    .unique()
    .where(sql<SqlBool>`"tenant_id" is null`)
    .execute();

  await db.schema
    .createTable('audit_entry')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer')
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', wideInteger, (c) => c.notNull())
    .execute();
  // The console's lists, newest first: a tenant's entries (by action too), its orders (by status too)
  // and its codes (by batch too).
  await db.schema.createIndex('audit_entry_tenant_idx').on('audit_entry').columns(['tenant_id', 'id']).execute();
  await db.schema
    .createIndex('audit_entry_action_idx')
    .on('audit_entry')
    .columns(['tenant_id', 'action', 'id'])
    .execute();
  await db.schema.createIndex('trade_order_tenant_idx').on('trade_order').columns(['tenant_id', 'id']).execute();
  await db.schema
    .createIndex('trade_order_tenant_status_idx')
    .on('trade_order')
    .columns(['tenant_id', 'status', 'id'])
    .execute();
  // An operator voids codes it should not have handed out: a voided code is refused as one that does not exist.
  await db.schema.alterTable('activation_code').addColumn('voided_at', wideInteger).execute();
  await db.schema
    .createIndex('activation_code_tenant_idx')
    .on('activation_code')
    .columns(['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('activation_code_batch_idx')
    .on('activation_code')
    .columns(['tenant_id', 'batch_no', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'activation_code_batch_idx',
    'activation_code_tenant_idx',
    'trade_order_tenant_status_idx',
    'trade_order_tenant_idx',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('activation_code').dropColumn('voided_at').execute();
  await db.schema.dropTable('audit_entry').execute();
  await db.schema.dropTable('operator').execute();
}
