import { sql } from 'kysely';
import type { AppDatabase } from '../db/database';

/** One day's business as the dashboard draws it. */
export interface BusinessDay {
  day: number;
  revenueCents: number;
  orders: number;
  phonesSold: number;
  phonesRenewed: number;
}

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 UTC of a moment in milliseconds: the day a business row counts in. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/**
 * What the console's dashboard reads (issue 64): each tenant's business per day and client, added to as
 * orders are paid — a row a day and client, off the primary key, however many orders a day had — and
 * its customers registered per day and phones about to expire, each off an index of its own.
 */
export class BusinessDayRepository {
  constructor(private readonly db: AppDatabase) {}

  /** Counts a paid order on its day: its money, one order, and its phones as sold or renewed. */
  async countPaid(order: {
    tenantId: number;
    clientId: number | null;
    payTime: number;
    payPriceCents: number;
    skuType: string;
    deviceCount: number;
  }): Promise<void> {
    const sold = order.skuType === 'buy' ? order.deviceCount : 0;
    const renewed = order.skuType === 'renew' ? order.deviceCount : 0;
    await this.db
      .insertInto('business_day')
      .values({
        tenant_id: order.tenantId,
        day: dayOf(order.payTime),
        client_id: order.clientId ?? 0,
        revenue_cents: order.payPriceCents,
        orders: 1,
        phones_sold: sold,
        phones_renewed: renewed,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'day', 'client_id']).doUpdateSet({
          revenue_cents: sql`business_day.revenue_cents + ${order.payPriceCents}`,
          orders: sql`business_day.orders + 1`,
          phones_sold: sql`business_day.phones_sold + ${sold}`,
          phones_renewed: sql`business_day.phones_renewed + ${renewed}`,
        }),
      )
      .execute();
  }

  /** Makes every day's rows again from the paid orders (orders written by SQL: the scale seed's). */
  async recount(): Promise<void> {
    await this.db.deleteFrom('business_day').execute();
    await sql`insert into business_day (tenant_id, day, client_id, revenue_cents, orders, phones_sold, phones_renewed)
      select tenant_id, pay_time / ${sql.lit(DAY_MS)}, coalesce(client_id, 0), sum(pay_price_cents), count(*),
        sum(case when sku_type = 'buy' then device_count else 0 end),
        sum(case when sku_type = 'renew' then device_count else 0 end)
      from trade_order where pay_time is not null
      group by tenant_id, pay_time / ${sql.lit(DAY_MS)}, coalesce(client_id, 0)`.execute(this.db);
  }

  /** The days `from`..`to` (inclusive) of a tenant, or of one of its clients, that had business. */
  async range(tenantId: number, clientId: number | null, from: number, to: number): Promise<BusinessDay[]> {
    let query = this.db
      .selectFrom('business_day')
      .where('tenant_id', '=', tenantId)
      .where('day', '>=', from)
      .where('day', '<=', to);
    if (clientId !== null) query = query.where('client_id', '=', clientId);
    const rows = await query
      .select(({ fn }) => [
        'day',
        fn.sum<number | string>('revenue_cents').as('revenue'),
        fn.sum<number | string>('orders').as('orders'),
        fn.sum<number | string>('phones_sold').as('sold'),
        fn.sum<number | string>('phones_renewed').as('renewed'),
      ])
      .groupBy('day')
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      day: Number(row.day),
      revenueCents: Number(row.revenue),
      orders: Number(row.orders),
      phonesSold: Number(row.sold),
      phonesRenewed: Number(row.renewed),
    }));
  }

  /** Accounts a tenant's customers registered per UTC day `from`..`to` (inclusive): day → count. */
  async registeredPerDay(tenantId: number, from: number, to: number): Promise<Map<number, number>> {
    // A literal, not a parameter: PostgreSQL only matches the grouped expression when its text is the same.
    const day = sql<number>`cast(register_time / ${sql.lit(DAY_MS)} as integer)`;
    const rows = await this.db
      .selectFrom('app_user')
      .select(({ fn }) => [day.as('day'), fn.countAll<number | string>().as('count')])
      .where('tenant_id', '=', tenantId)
      .where('register_time', '>=', from * DAY_MS)
      .where('register_time', '<', (to + 1) * DAY_MS)
      .groupBy(day)
      .execute();
    return new Map(rows.map((row) => [Number(row.day), Number(row.count)]));
  }

  /** A tenant's phones still held that expire between `from` and `to` (ms). */
  async expiringBetween(tenantId: number, from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_phone')
      .select(({ fn }) => fn.countAll<number | string>().as('count'))
      .where('tenant_id', '=', tenantId)
      .where('released_at', 'is', null)
      .where('expire_time', '>=', from)
      .where('expire_time', '<', to)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
