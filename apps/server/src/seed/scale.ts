import { sql, type RawBuilder } from 'kysely';
import type { AppDatabase } from '../db/database';
import { dialectOf } from '../db/dialect/index';
import { BusinessDayRepository } from '../repositories/business-day.repository';
import { DEMO_USER } from './demo';

/**
 * A merchant's year of data in the demo tenant (issue 56), on a database seed/demo seeded: users of the
 * demo client, their phones on the first host, orders, messages and push records, written by a few
 * bulk statements (the services would take hours for a million rows). The query-plan test seeds it
 * small, bench/api `--scale` large. Everything is spread evenly over the users, as a year of customers
 * leaves it, but for one account that holds `bigAccountPhones` phones; the demo user's rows stay as they were.
 */
export interface ScaleSize {
  users: number;
  phones: number;
  bigAccountPhones: number;
  orders: number;
  /** The orders of the platform's other merchant (the demo's second tenant), ten to each of its customers. */
  otherOrders: number;
  messages: number;
  pushes: number;
}

/** The account with many phones: it signs in with the demo user's password. */
export const BIG_ACCOUNT = { mobile: '17010000000', password: DEMO_USER.password };

const DAY = 86_400_000;

/** A time as a 64-bit integer: PostgreSQL takes a bare parameter added to an integer for a 32-bit one. */
const at = (ms: number) => sql<number>`cast(${ms} as bigint)`;

/** `n` rows numbered 0…n−1, for `insert … select … from numbered`, on both databases. */
function numbered(n: number): RawBuilder<unknown> {
  return sql`with recursive numbered(i) as (select 0 union all select i + 1 from numbered where i < ${sql.lit(n - 1)})`;
}

export async function seedScale(db: AppDatabase, size: ScaleSize, now = Date.now()): Promise<void> {
  const demo = await db
    .selectFrom('app_user')
    .innerJoin('client', 'client.tenant_id', 'app_user.tenant_id')
    .select(['app_user.tenant_id', 'app_user.password_hash'])
    .where('client.client_no', '=', 'demo')
    .where('app_user.mobile', '=', DEMO_USER.mobile)
    .executeTakeFirstOrThrow();
  // Phones on the first host (the embedded one: DESIGN §8), of the tenant's first grade.
  const host = await db.selectFrom('device_host').select('id').orderBy('id').executeTakeFirstOrThrow();
  const grade = await db
    .selectFrom('device_grade')
    .select('id')
    .where('tenant_id', '=', demo.tenant_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const tenant = demo.tenant_id;
  const insert = (statement: RawBuilder<unknown>) => statement.execute(db);

  await insert(sql`${numbered(size.users)}
    insert into app_user (tenant_id, user_no, mobile, nickname, avatar, password_hash, status, register_time)
    select ${sql.lit(tenant)}, 'S' || cast(i as text), '170' || cast(10000000 + i as text), 'User ' || cast(i as text), '',
      ${demo.password_hash}, 'active', ${at(now - 365 * DAY)} + i
    from numbered`);
  const first = await db
    .selectFrom('app_user')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('mobile', '=', BIG_ACCOUNT.mobile)
    .executeTakeFirstOrThrow();
  // Users are numbered from `first.id` on; user 0 is the big account.
  const userOf = (spread: RawBuilder<number>) => sql<number>`${sql.lit(first.id)} + ${spread}`;
  const spreadOver = sql<number>`(i % ${sql.lit(size.users)})`;
  // Phones 0…bigAccountPhones−1 are the big account's; the others go round the other users.
  const phoneOwner = sql<number>`case when i < ${sql.lit(size.bigAccountPhones)} then 0 else 1 + ((i - ${sql.lit(size.bigAccountPhones)}) % ${sql.lit(size.users - 1)}) end`;

  // Each phone goes by its number among its owner's ("Cloud phone 7").
  const nameNo = sql<number>`case when i < ${sql.lit(size.bigAccountPhones)} then i + 1
    else 1 + (i - ${sql.lit(size.bigAccountPhones)}) / ${sql.lit(size.users - 1)} end`;
  await insert(sql`${numbered(size.phones)}
    insert into user_phone (tenant_id, user_id, device_host_id, instance_no, name, name_no, expire_time, trial,
      created_at, grade_id, provisioned_at)
    select ${sql.lit(tenant)}, ${userOf(phoneOwner)}, ${sql.lit(host.id)}, 'scale-' || cast(i as text), '', ${nameNo},
      ${at(now + 30 * DAY)} + i * 1000, 0, ${at(now - 300 * DAY)} + i, ${sql.lit(grade.id)}, ${at(now - 300 * DAY)} + i
    from numbered`);
  // Paid over the last 300 days, evenly: the dashboard's days each have their share (issue 64).
  const paidAt = sql`${at(now - 300 * DAY)} + cast(i as bigint) * ${sql.lit(Math.max(1, Math.floor((300 * DAY) / size.orders)))}`;
  await insert(sql`${numbered(size.orders)}
    insert into trade_order (order_no, tenant_id, user_id, sku_type, grade_id, device_count, duration_days,
      original_price_cents, discount_cents, pay_price_cents, status, pay_type, pay_time, created_at, pay_deadline)
    select 'S' || cast(i as text), ${sql.lit(tenant)}, ${userOf(spreadOver)}, 'renew', ${sql.lit(grade.id)}, 1, 30,
      1000, 0, 1000, 'completed', 'wechat', ${paidAt}, ${paidAt}, ${paidAt}
    from numbered`);
  await seedOtherMerchant(db, size.otherOrders, now);
  // The days' business those orders make, as paying them would have counted it.
  await new BusinessDayRepository(db).recount();
  await insert(sql`${numbered(size.messages)}
    insert into message (tenant_id, user_id, type, kind, params, created_at)
    select ${sql.lit(tenant)}, ${userOf(spreadOver)}, 'system', 'order_paid',
      '{"orderNo":"S' || cast(i as text) || '","amountCents":1000}', ${at(now - 300 * DAY)} + i
    from numbered`);
  // One ready APK per user, pushed to the user's phones: a user's pushes as many as its orders.
  await insert(sql`${numbered(size.users)}
    insert into user_file (tenant_id, user_id, upload_id, batch_id, kind, name, size, expected_sha256, sha256, state,
      created_at, finished_at)
    select ${sql.lit(tenant)}, ${sql.lit(first.id)} + i, 'scale-' || cast(i as text), 'scale', 'apk', 'game.apk', 1000, '', '', 'ready',
      ${at(now - 300 * DAY)}, ${at(now - 300 * DAY)}
    from numbered`);
  const firstPhone = await firstIdOf(db, 'user_phone', 'instance_no', 'scale-0');
  const firstFile = await firstIdOf(db, 'user_file', 'upload_id', 'scale-0');
  // Push i goes to user u = i mod users: the big account's phones in turn, another user's first phone;
  // a user's batch (`scale-<u>-<n>`) is 10 pushes.
  const pushedPhone = sql<number>`case when i % ${sql.lit(size.users)} = 0
    then (i / ${sql.lit(size.users)}) % ${sql.lit(size.bigAccountPhones)}
    else ${sql.lit(size.bigAccountPhones)} + (i % ${sql.lit(size.users)}) - 1 end`;
  await insert(sql`${numbered(size.pushes)}
    insert into file_push (batch_id, tenant_id, user_id, user_file_id, user_phone_id, install, state, progress,
      task_id, created_at, updated_at)
    select 'scale-' || cast(i % ${sql.lit(size.users)} as text) || '-' || cast(i / ${sql.lit(size.users * 10)} as text), ${sql.lit(tenant)}, ${sql.lit(first.id)} + (i % ${sql.lit(size.users)}),
      ${sql.lit(firstFile)} + (i % ${sql.lit(size.users)}), ${sql.lit(firstPhone)} + ${pushedPhone}, 1, 'done', 100,
      'scale-' || cast(i as text), ${at(now - 300 * DAY)} + i, ${at(now - 300 * DAY)} + i
    from numbered`);
  // Statistics for the planner; on PostgreSQL a vacuum too, so an index-only scan need not visit the rows.
  const vacuum = dialectOf(db) === 'postgres' ? sql`vacuum analyze` : sql`analyze`;
  for (const table of SEEDED) await sql`${vacuum} ${sql.table(table)}`.execute(db);
}

/**
 * The platform's other merchant (the demo's second tenant) has customers, phones and orders too, ten
 * orders and five phones a customer: a tenant's lists (the console's, issues 62 and 63) must come off
 * the tenant's index, not a walk of the platform's every order, account or phone.
 */
async function seedOtherMerchant(db: AppDatabase, orders: number, now: number): Promise<void> {
  const other = await db
    .selectFrom('client')
    .innerJoin('device_grade', 'device_grade.tenant_id', 'client.tenant_id')
    .select(['client.tenant_id as tenantId', 'device_grade.id as gradeId'])
    .where('client.client_no', '=', 'tenant100')
    .orderBy('device_grade.id')
    .executeTakeFirstOrThrow();
  const customers = Math.max(1, Math.ceil(orders / 10));
  await sql`${numbered(customers)}
    insert into app_user (tenant_id, user_no, mobile, nickname, avatar, password_hash, status, register_time)
    select ${sql.lit(other.tenantId)}, 'O' || cast(i as text), '171' || cast(10000000 + i as text), 'Other ' || cast(i as text), '',
      '', 'active', ${at(now - 365 * DAY)} + i
    from numbered`.execute(db);
  const first = await db.selectFrom('app_user').select('id').where('user_no', '=', 'O0').executeTakeFirstOrThrow();
  // Five phones to each customer, on the first host, as the demo's are.
  const host = await db.selectFrom('device_host').select('id').orderBy('id').executeTakeFirstOrThrow();
  await sql`${numbered(customers * 5)}
    insert into user_phone (tenant_id, user_id, device_host_id, instance_no, name, name_no, expire_time, trial,
      created_at, grade_id, provisioned_at)
    select ${sql.lit(other.tenantId)}, ${sql.lit(first.id)} + (i % ${sql.lit(customers)}), ${sql.lit(host.id)}, 'other-' || cast(i as text), '',
      1 + i / ${sql.lit(customers)}, ${at(now + 30 * DAY)} + i * 1000, 0, ${at(now - 300 * DAY)} + i, ${sql.lit(other.gradeId)}, ${at(now - 300 * DAY)} + i
    from numbered`.execute(db);
  await sql`${numbered(orders)}
    insert into trade_order (order_no, tenant_id, user_id, sku_type, grade_id, device_count, duration_days,
      original_price_cents, discount_cents, pay_price_cents, status, pay_type, pay_time, created_at, pay_deadline)
    select 'O' || cast(i as text), ${sql.lit(other.tenantId)}, ${sql.lit(first.id)} + (i % ${sql.lit(customers)}), 'renew', ${sql.lit(other.gradeId)}, 1, 30,
      1000, 0, 1000, 'completed', 'wechat', ${at(now - 300 * DAY)} + i, ${at(now - 300 * DAY)} + i, ${at(now - 300 * DAY)} + i
    from numbered`.execute(db);
}

const SEEDED = ['app_user', 'user_phone', 'trade_order', 'message', 'user_file', 'file_push'] as const;

/** The id of the first row a bulk insert wrote (ids of one statement's rows follow each other). */
async function firstIdOf(db: AppDatabase, table: 'user_phone' | 'user_file', column: string, value: string) {
  const { rows } = await sql<{
    id: number;
  }>`select id from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
  return rows[0]!.id;
}
