import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/** Users, SMS codes, login sessions with their refresh tokens, and merchant-issued one-time auth codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_user')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_no', 'text', (c) => c.notNull().unique())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('register_time', wideInteger, (c) => c.notNull())
    .addColumn('mobile_changed_at', wideInteger)
    // One number binds one account within a tenant (spec §5).
    .addUniqueConstraint('app_user_tenant_mobile_uq', ['tenant_id', 'mobile'])
    .execute();

  await db.schema
    .createTable('sms_code')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('scene', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('expires_at', wideInteger, (c) => c.notNull())
    .addColumn('consumed_at', wideInteger)
    .execute();
  await db.schema.createIndex('sms_code_lookup_idx').on('sms_code').columns(['tenant_id', 'mobile', 'scene']).execute();
  await db.schema.createIndex('sms_code_ip_idx').on('sms_code').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('login_session')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('last_seen_at', wideInteger, (c) => c.notNull())
    .addColumn('expires_at', wideInteger, (c) => c.notNull())
    .addColumn('revoked_at', wideInteger)
    .execute();
  await db.schema.createIndex('login_session_user_idx').on('login_session').column('user_id').execute();

  // A session's refresh tokens form its family: each refresh replaces the current one, and
  // presenting a replaced token again revokes the whole session (DESIGN §3).
  await db.schema
    .createTable('refresh_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('login_session.id'))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('replaced_at', wideInteger)
    .execute();

  await db.schema
    .createTable('auth_code')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('expires_at', wideInteger, (c) => c.notNull())
    .addColumn('used_at', wideInteger)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['auth_code', 'refresh_token', 'login_session', 'sms_code', 'app_user']) {
    await db.schema.dropTable(table).execute();
  }
}
