import { sql, type Kysely, type SqlBool } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * How the business goes, a day at a time (issue 64): each tenant's and client's money taken, orders,
 * phones sold and renewed per UTC day (`pay_time / 86,400,000`), kept as orders are paid so the console's
 * dashboard reads a row a day, never the orders themselves. Filled here from the orders paid so far. And
 * the dashboard's other counts off indexes of their own: customers by the day they registered, phones
 * still held by when they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business_day')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    /** 0 for orders made before orders named their client. */
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('revenue_cents', wideInteger, (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('phones_sold', 'integer', (c) => c.notNull())
    .addColumn('phones_renewed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('business_day_pk', ['tenant_id', 'day', 'client_id'])
    .execute();
  await sql`insert into business_day (tenant_id, day, client_id, revenue_cents, orders, phones_sold, phones_renewed)
    select tenant_id, pay_time / 86400000, coalesce(client_id, 0), sum(pay_price_cents), count(*),
      sum(case when sku_type = 'buy' then device_count else 0 end),
      sum(case when sku_type = 'renew' then device_count else 0 end)
    from trade_order where pay_time is not null
    group by tenant_id, pay_time / 86400000, coalesce(client_id, 0)`.execute(db);
  await db.schema
    .createIndex('app_user_registered_idx')
    .on('app_user')
    .columns(['tenant_id', 'register_time'])
    .execute();
  await db.schema
    .createIndex('user_phone_expiring_idx')
    .on('user_phone')
    .columns(['tenant_id', 'expire_time'])
    .where(sql<SqlBool>`"released_at" is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_phone_expiring_idx').execute();
  await db.schema.dropIndex('app_user_registered_idx').execute();
  await db.schema.dropTable('business_day').execute();
}
