import type { CreateTableBuilder, Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

const DAY_MS = 86_400_000;

interface OldGrant {
  id: number;
  tenant_id: number;
  user_phone_id: number;
  grantor_id: number;
  grantee_id: number;
  permission: string;
  expire_time: number;
  created_at: number;
  revoked_at: number | null;
}
type NewGrant = Omit<OldGrant, 'id' | 'grantee_id'> & {
  grantee_id: number | null;
  days: number;
  grant_code: string | null;
  live_phone_id: number | null;
  redeemed_at: number | null;
  end_reason: string | null;
};
type Grants = Kysely<{ phone_grant: OldGrant; phone_grant_next: NewGrant }>;

/**
 * Grants by account and by code (issue 13), and replacing phones.
 *
 * `phone_grant` is rebuilt (SQLite cannot drop a NOT NULL): a code grant has no grantee until its
 * code is redeemed. `live_phone_id` holds the phone while the grant lives and is cleared when it
 * ends, and is unique — one live grant per phone, by the database (spec §6). `grantee_hold` is the
 * row every grant to an account writes first, so grants to one account queue on it and the count
 * of at most 20 (spec §9) is read with nothing in flight. `phone_replacement` is a replacement's
 * plan, written before any host is asked: the job finishes or undoes it after a crash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await grantTable(db, 'phone_grant_next')
    .addColumn('grantee_id', 'integer', (c) => c.references('app_user.id'))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('grant_code', 'text', (c) => c.unique())
    .addColumn('live_phone_id', 'integer', (c) => c.unique())
    .addColumn('redeemed_at', wideInteger)
    .addColumn('end_reason', 'text')
    .execute();
  const grants = db as unknown as Grants;
  const old = await grants.selectFrom('phone_grant').selectAll().orderBy('id').execute();
  // The newest unrevoked grant of a phone stays live; before this rule there may have been several.
  const live = new Map<number, number>();
  for (const row of old) if (row.revoked_at === null) live.set(row.user_phone_id, row.id);
  for (const { id, ...row } of old) {
    const isLive = live.get(row.user_phone_id) === id;
    await grants
      .insertInto('phone_grant_next')
      .values({
        ...row,
        days: Math.max(1, Math.ceil((row.expire_time - row.created_at) / DAY_MS)),
        grant_code: null,
        live_phone_id: isLive ? row.user_phone_id : null,
        redeemed_at: row.created_at,
        end_reason: row.revoked_at === null ? null : 'revoked',
      })
      .execute();
  }
  await db.schema.dropTable('phone_grant').execute();
  await db.schema.alterTable('phone_grant_next').renameTo('phone_grant').execute();
  await db.schema.createIndex('phone_grant_grantee_idx').on('phone_grant').columns(['grantee_id']).execute();
  await db.schema.createIndex('phone_grant_grantor_idx').on('phone_grant').columns(['grantor_id']).execute();
  await db.schema.createIndex('phone_grant_phone_idx').on('phone_grant').columns(['user_phone_id']).execute();

  await db.schema
    .createTable('grantee_hold')
    .addColumn('grantee_id', 'integer', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('grants', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('phone_replacement')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_phone_id', 'integer', (c) => c.notNull().references('user_phone.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    // 1 without moving data, 2 moving data (spec §4).
    .addColumn('replace_type', 'integer', (c) => c.notNull())
    .addColumn('from_host_id', 'integer', (c) => c.notNull())
    .addColumn('from_instance_no', 'text', (c) => c.notNull())
    .addColumn('to_host_id', 'integer', (c) => c.notNull())
    // Chosen by the server before the host is asked, so a retried step makes one instance.
    .addColumn('to_instance_no', 'text', (c) => c.notNull().unique())
    // pending → done | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('finished_at', wideInteger)
    .execute();
  await db.schema.createIndex('phone_replacement_status_idx').on('phone_replacement').columns(['status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_replacement').execute();
  await db.schema.dropTable('grantee_hold').execute();
  await grantTable(db, 'phone_grant_prev')
    .addColumn('grantee_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .execute();
  const grants = db as unknown as Kysely<{
    phone_grant: NewGrant & { id: number };
    phone_grant_prev: Omit<OldGrant, 'id'>;
  }>;
  // Code grants nobody redeemed have no grantee to keep.
  const kept = await grants
    .selectFrom('phone_grant')
    .selectAll()
    .where('grantee_id', 'is not', null)
    .orderBy('id')
    .execute();
  for (const row of kept)
    await grants
      .insertInto('phone_grant_prev')
      .values({
        tenant_id: row.tenant_id,
        user_phone_id: row.user_phone_id,
        grantor_id: row.grantor_id,
        grantee_id: row.grantee_id!,
        permission: row.permission,
        expire_time: row.expire_time,
        created_at: row.created_at,
        revoked_at: row.live_phone_id === null ? (row.revoked_at ?? row.expire_time) : null,
      })
      .execute();
  await db.schema.dropTable('phone_grant').execute();
  await db.schema.alterTable('phone_grant_prev').renameTo('phone_grant').execute();
  await db.schema.createIndex('phone_grant_grantee_idx').on('phone_grant').columns(['grantee_id']).execute();
  await db.schema.createIndex('phone_grant_phone_idx').on('phone_grant').columns(['user_phone_id']).execute();
}

/** The columns a grant had before and keeps. */
function grantTable(db: Kysely<unknown>, name: string): CreateTableBuilder<string, never> {
  return db.schema
    .createTable(name)
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_phone_id', 'integer', (c) => c.notNull().references('user_phone.id'))
    .addColumn('grantor_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('expire_time', wideInteger, (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('revoked_at', wideInteger);
}
