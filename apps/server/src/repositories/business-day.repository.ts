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
/** A dashboard's figures: per day (days since 1970-01-01 UTC) its business and customers, and phones expiring. */
export interface DashboardFigures {
  sales: Map<number, BusinessDay>;
  registered: Map<number, number>;
  active: Map<number, number>;
  expiring: number;
}

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

  /**
   * What the dashboard shows of a tenant (or one of its clients) over the days `from`..`to` (inclusive), in
   * one statement — a dashboard is one round trip however busy the database: each day's business, the
   * customers registered and the signed-in customers the analytics saw each day, and the phones still held
   * that expire between `expiring.from` and `expiring.to` (ms).
   */
  async dashboard(
    tenantId: number,
    clientId: number | null,
    days: { from: number; to: number },
    expiring: { from: number; to: number },
  ): Promise<DashboardFigures> {
    const [since, until] = [days.from * DAY_MS, (days.to + 1) * DAY_MS];
    // Literals, not parameters: PostgreSQL only matches a grouped expression whose text is the same.
    const dayOfColumn = (column: string) => sql`cast(${sql.ref(column)} / ${sql.lit(DAY_MS)} as integer)`;
    const ofClient = clientId === null ? sql`` : sql`and client_id = ${clientId}`;
    const { rows } = await sql<{
      kind: string;
      day: number;
      a: number | string;
      b: number | string;
      c: number | string;
      d: number | string;
    }>`
      select 'sales' as kind, day, sum(revenue_cents) as a, sum(orders) as b, sum(phones_sold) as c,
        sum(phones_renewed) as d
      from business_day where tenant_id = ${tenantId} and day >= ${days.from} and day <= ${days.to} ${ofClient}
      group by day
      union all
      select 'registered', ${dayOfColumn('register_time')}, count(*), 0, 0, 0
      from app_user where tenant_id = ${tenantId} and register_time >= ${since} and register_time < ${until}
      group by ${dayOfColumn('register_time')}
      union all
      select 'active', ${dayOfColumn('received_at')}, count(distinct user_id), 0, 0, 0
      from analytics_event where tenant_id = ${tenantId} and received_at >= ${since} and received_at < ${until}
      group by ${dayOfColumn('received_at')}
      union all
      select 'expiring', 0, count(*), 0, 0, 0
      from user_phone where tenant_id = ${tenantId} and released_at is null
        and expire_time >= ${expiring.from} and expire_time < ${expiring.to}`.execute(this.db);
    const figures: DashboardFigures = { sales: new Map(), registered: new Map(), active: new Map(), expiring: 0 };
    for (const row of rows) {
      const day = Number(row.day);
      if (row.kind === 'sales')
        figures.sales.set(day, {
          day,
          revenueCents: Number(row.a),
          orders: Number(row.b),
          phonesSold: Number(row.c),
          phonesRenewed: Number(row.d),
        });
      else if (row.kind === 'expiring') figures.expiring = Number(row.a);
      else figures[row.kind as 'registered' | 'active'].set(day, Number(row.a));
    }
    return figures;
  }
}
