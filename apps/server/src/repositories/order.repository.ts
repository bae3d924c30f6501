import { sql } from 'kysely';
import type { OrderStatus, PayType } from '@cloudphone/contracts/commerce';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';
import { orderColumns, toOrder, type NewOrder, type OrderRow } from './order.row';
import { searchOrdersOfTenant, type OrderSearch } from './order-search';

export type { NewOrder, OrderRow } from './order.row';

/** Orders and their history. State changes are compare-and-set, so of racing callers exactly one wins. */
export class OrderRepository {
  constructor(private readonly db: AppDatabase) {}

  /**
   * Places an order, holding its coupon (and the user's one trial) for it: a coupon or trial offered
   * to two orders at once goes to one. Call it in a unit of work, and roll that back when it answers
   * that the coupon or trial was taken (a coupon held before the trial was found taken is released so).
   */
  async create(order: NewOrder, trial = false): Promise<OrderRow | 'coupon-taken' | 'trial-taken'> {
    if (order.couponId !== null) {
      const held = await this.db
        .updateTable('coupon')
        .set({ status: 'in_use' })
        .where('id', '=', order.couponId)
        .where('status', '=', 'unused')
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return 'coupon-taken';
    }
    if (trial) {
      const claimed = await this.db
        .insertInto('trial_claim')
        .values({ tenant_id: order.tenantId, user_id: order.userId, order_id: 0 })
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return 'trial-taken';
    }
    const row = await this.db
      .insertInto('trade_order')
      .values({
        order_no: order.orderNo,
        tenant_id: order.tenantId,
        client_id: order.clientId,
        user_id: order.userId,
        sku_type: order.skuType,
        grade_id: order.gradeId,
        package_id: order.packageId,
        device_count: order.deviceCount,
        duration_days: order.durationDays,
        original_price_cents: order.originalPriceCents,
        discount_cents: order.discountCents,
        pay_price_cents: order.payPriceCents,
        coupon_id: order.couponId,
        status: order.status,
        pay_type: order.payType ?? null,
        pay_time: order.payTime ?? null,
        pay_token: order.payToken,
        phone_ids: JSON.stringify(order.phoneIds),
        created_at: order.createdAt,
        pay_deadline: order.payDeadline,
        idempotency_key: order.idempotencyKey ?? null,
      })
      .returning(orderColumns)
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('order_event')
      .values({ order_id: row.id, status: order.status, at: order.createdAt })
      .execute();
    if (order.couponId !== null)
      await this.db.updateTable('coupon').set({ order_id: row.id }).where('id', '=', order.couponId).execute();
    if (trial)
      await this.db
        .updateTable('trial_claim')
        .set({ order_id: row.id })
        .where('tenant_id', '=', order.tenantId)
        .where('user_id', '=', order.userId)
        .execute();
    return toOrder(row);
  }

  async hasTrial(tenantId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('trial_claim')
      .select('order_id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** An order closed unpaid gives its trial back. */
  async releaseTrial(orderId: number): Promise<void> {
    await this.db.deleteFrom('trial_claim').where('order_id', '=', orderId).execute();
  }

  async setPhones(id: number, phoneIds: readonly number[]): Promise<void> {
    await this.db
      .updateTable('trade_order')
      .set({ phone_ids: JSON.stringify(phoneIds) })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A payment: recorded and applied together. Money that moved outside (a wallet's notice) is
   * recorded first — `duplicate` when this transaction was seen before (a provider retrying), `late`
   * when the order was no longer unpaid, which marks it for a refund. A payment made in the app
   * (simulated pay, an activation code) claims the order first instead: of racing payments one pays,
   * and the others (`taken`) leave no record and no false refund. Several writes: call it in a unit of work.
   */
  async markPaid(
    orderId: number,
    notice: { provider: string; transactionKey: string; payType: PayType; inApp: boolean },
    paidState: OrderStatus,
    at: number,
  ): Promise<'paid' | 'duplicate' | 'late' | 'taken'> {
    const claim = () =>
      this.db
        .updateTable('trade_order')
        .set({ status: paidState, pay_type: notice.payType, pay_time: at })
        .where('id', '=', orderId)
        .where('status', '=', 'to_pay')
        .executeTakeFirst()
        .then((moved) => Number(moved.numUpdatedRows) === 1);
    const record = () =>
      this.db
        .insertInto('payment_notice')
        .values({ provider: notice.provider, transaction_id: notice.transactionKey, order_id: orderId, at })
        .onConflict((oc) => oc.columns(['provider', 'transaction_id']).doNothing())
        .executeTakeFirst()
        .then((recorded) => Number(recorded.numInsertedOrUpdatedRows ?? 0) === 1);
    if (notice.inApp) {
      if (!(await claim())) return 'taken';
      if (!(await record())) throw new Error(`payment ${notice.transactionKey} recorded twice`);
    } else {
      if (!(await record())) return 'duplicate';
      if (!(await claim())) {
        const remark = `paid after it closed (${notice.provider} ${notice.transactionKey}): refund due`;
        await this.db.updateTable('trade_order').set({ remark }).where('id', '=', orderId).execute();
        return 'late';
      }
    }
    await this.db.insertInto('order_event').values({ order_id: orderId, status: paidState, at }).execute();
    return 'paid';
  }

  async findByNo(orderNo: string): Promise<OrderRow | undefined> {
    const row = await this.db
      .selectFrom('trade_order')
      .select(orderColumns)
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    return row && toOrder(row);
  }

  async findByIdempotencyKey(userId: number, key: string): Promise<OrderRow | undefined> {
    const row = await this.db
      .selectFrom('trade_order')
      .select(orderColumns)
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row && toOrder(row);
  }

  async findById(id: number): Promise<OrderRow | undefined> {
    const row = await this.db.selectFrom('trade_order').select(orderColumns).where('id', '=', id).executeTakeFirst();
    return row && toOrder(row);
  }

  async page(
    tenantId: number,
    userId: number,
    filter: { pageNo: number; pageSize: number; status?: OrderStatus },
  ): Promise<{ list: OrderRow[]; total: number }> {
    let query = this.db.selectFrom('trade_order').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
    if (filter.status) query = query.where('status', '=', filter.status);
    const { rows, total } = await pageOf(query, (q) => q.select(orderColumns).orderBy('id', 'desc'), filter);
    return { list: rows.map(toOrder), total };
  }

  /** A tenant's orders by number, buyer's mobile or status, newest first (the console's list, `order-search.ts`). */
  searchOfTenant(
    tenantId: number,
    filter: OrderSearch,
  ): Promise<{ list: { order: OrderRow; mobile: string }[]; total: number }> {
    return searchOrdersOfTenant(this.db, tenantId, filter);
  }

  /**
   * Moves an order from one of `from` to `to`, recording the transition; false when it was in no
   * state of `from` (another caller moved it first). Two writes: call it in a unit of work.
   */
  async transition(
    id: number,
    from: readonly OrderStatus[],
    to: OrderStatus,
    at: number,
    patch: { payType?: PayType; payTime?: number; phoneIds?: number[]; remark?: string; endsAt?: number } = {},
  ): Promise<boolean> {
    const moved = await this.db
      .updateTable('trade_order')
      .set({
        status: to,
        ...(patch.payType !== undefined ? { pay_type: patch.payType } : {}),
        ...(patch.payTime !== undefined ? { pay_time: patch.payTime } : {}),
        ...(patch.phoneIds !== undefined ? { phone_ids: JSON.stringify(patch.phoneIds) } : {}),
        ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
        ...(patch.endsAt !== undefined ? { ends_at: patch.endsAt } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await this.db.insertInto('order_event').values({ order_id: id, status: to, at }).execute();
    return true;
  }

  async history(orderIds: readonly number[]): Promise<Map<number, { status: OrderStatus; time: number }[]>> {
    const byOrder = new Map<number, { status: OrderStatus; time: number }[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await this.db
      .selectFrom('order_event')
      .select(['order_id as orderId', 'status', 'at'])
      .where('order_id', 'in', orderIds)
      .orderBy('id')
      .execute();
    for (const row of rows)
      byOrder.set(row.orderId, [
        ...(byOrder.get(row.orderId) ?? []),
        { status: row.status as OrderStatus, time: row.at },
      ]);
    return byOrder;
  }

  /**
   * Unpaid orders past their deadline that close here alone (none was sent to a wallet): every user's,
   * or `owner`'s only. The status is written out, so the planner takes the index of unpaid orders
   * alone (migration 0031), however few of a million orders are unpaid.
   */
  async unpaidPast(now: number, owner?: { tenantId: number; userId: number }): Promise<OrderRow[]> {
    const rows = await this.db
      .selectFrom('trade_order')
      .select(orderColumns)
      .where('status', '=', sql.lit('to_pay'))
      .where('pay_deadline', '<=', now)
      .$if(owner !== undefined, (query) =>
        query.where('tenant_id', '=', owner!.tenantId).where('user_id', '=', owner!.userId),
      )
      // An order sent to a wallet is closed there first, by the payments job (issue 25).
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('payment_attempt').select('order_id').whereRef('order_id', '=', 'trade_order.id'))),
      )
      .execute();
    return rows.map(toOrder);
  }

  /** Orders in `status`, oldest first (the jobs' worklists: waiting purchases, phones on their way). */
  async inState(status: OrderStatus, limit = 500): Promise<OrderRow[]> {
    const rows = await this.db
      .selectFrom('trade_order')
      .select(orderColumns)
      .where('status', '=', status)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toOrder);
  }

  /** Delivered orders whose time has run out by `now`. */
  async endedBy(now: number, limit = 500): Promise<OrderRow[]> {
    const rows = await this.db
      .selectFrom('trade_order')
      .select(orderColumns)
      .where('status', '=', 'completed')
      .where('ends_at', '<=', now)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toOrder);
  }
}
