import type { OrderStatus } from '@cloudphone/contracts/commerce';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';
import { orderColumns, toOrder, type OrderRow } from './order.row';

/** What the console searches a tenant's orders by (all optional but the page). */
export interface OrderSearch {
  orderNo?: string;
  mobile?: string;
  status?: string;
  pageNo: number;
  pageSize: number;
}

/** A tenant's orders by number, buyer's mobile or status, newest first, and each buyer's mobile (issue 62). */
export async function searchOrdersOfTenant(
  db: AppDatabase,
  tenantId: number,
  filter: OrderSearch,
): Promise<{ list: { order: OrderRow; mobile: string }[]; total: number }> {
  let query = db.selectFrom('trade_order').where('tenant_id', '=', tenantId);
  if (filter.orderNo) query = query.where('order_no', '=', filter.orderNo);
  if (filter.status) query = query.where('status', '=', filter.status as OrderStatus);
  if (filter.mobile) {
    // A mobile is one account of the tenant: its orders come off the user's own index.
    const buyer = await db
      .selectFrom('app_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', filter.mobile)
      .executeTakeFirst();
    query = query.where('user_id', '=', buyer?.id ?? 0);
  }
  // Newest first, in the order of the index that serves the filter (a tenant's rows are all one
  // tenant's: ordering by it too changes nothing but lets the planner walk that index); an order
  // number names one order, which its unique index finds with nothing to sort.
  const order = filter.orderNo
    ? ([] as const)
    : filter.mobile
      ? (['id'] as const)
      : filter.status
        ? (['tenant_id', 'status', 'id'] as const)
        : (['tenant_id', 'id'] as const);
  const { rows, total } = await pageOf(
    query,
    (q) => order.reduce((sorted, column) => sorted.orderBy(column, 'desc'), q.select(orderColumns)),
    filter,
  );
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const users = userIds.length
    ? await db.selectFrom('app_user').select(['id', 'mobile']).where('id', 'in', userIds).execute()
    : [];
  const mobileOf = new Map(users.map((user) => [user.id, user.mobile]));
  return { total, list: rows.map((row) => ({ order: toOrder(row), mobile: mobileOf.get(row.userId) ?? '' })) };
}
