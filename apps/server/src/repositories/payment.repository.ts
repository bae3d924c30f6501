import { sql } from 'kysely';
import type { AppDatabase } from '../db/database';

/** A customer sent to a wallet, as the payments job reads it. */
export interface PaymentAttemptRow {
  orderId: number;
  provider: string;
  startedAt: number;
  checkedAt: number | null;
}

export type RefundStatus = 'processing' | 'success' | 'failed';
/** An operator's refund of an order, or the return of a payment that came after the order was settled. */
export type RefundKind = 'operator' | 'late';

export interface PaymentRefundRow {
  orderId: number;
  provider: string;
  kind: RefundKind;
  refundNo: string;
  providerRefundId: string | null;
  amountCents: number;
  status: RefundStatus;
  reason: string;
  createdAt: number;
  settledAt: number | null;
}

const refundColumns = [
  'order_id as orderId',
  'provider',
  'kind',
  'refund_no as refundNo',
  'provider_refund_id as providerRefundId',
  'amount_cents as amountCents',
  'status',
  'reason',
  'created_at as createdAt',
  'settled_at as settledAt',
] as const;

const asRefund = (row: Omit<PaymentRefundRow, 'status' | 'kind'> & { status: string; kind: string }) =>
  ({ ...row, status: row.status as RefundStatus, kind: row.kind as RefundKind }) satisfies PaymentRefundRow;

/**
 * What moved money outside the database (issue 25): the wallets a customer was sent to, the
 * payments they confirmed, and the refunds paid back through them.
 */
export class PaymentRepository {
  constructor(private readonly db: AppDatabase) {}

  /** The customer was sent to `provider` to pay the order (once per wallet; the first time counts). */
  async recordAttempt(orderId: number, provider: string, at: number): Promise<void> {
    await this.db
      .insertInto('payment_attempt')
      .values({ order_id: orderId, provider, started_at: at, checked_at: null })
      .onConflict((oc) => oc.columns(['order_id', 'provider']).doNothing())
      .execute();
  }

  async attemptsOf(orderId: number): Promise<PaymentAttemptRow[]> {
    return this.db
      .selectFrom('payment_attempt')
      .select(['order_id as orderId', 'provider', 'started_at as startedAt', 'checked_at as checkedAt'])
      .where('order_id', '=', orderId)
      .execute();
  }

  /**
   * Attempts of unpaid orders to ask their wallet about: started before `startedBefore` and not asked
   * since `checkedBefore` — or whose order's time to pay ran out, which are asked at once.
   */
  async attemptsDue(now: number, startedBefore: number, checkedBefore: number, limit = 200) {
    return (
      this.db
        .selectFrom('payment_attempt as a')
        .innerJoin('trade_order as o', 'o.id', 'a.order_id')
        .select(['a.order_id as orderId', 'a.provider', 'a.started_at as startedAt', 'a.checked_at as checkedAt'])
        // Written out, so the planner reads the index of unpaid orders alone (migration 0031).
        .where('o.status', '=', sql.lit('to_pay'))
        .where((eb) =>
          eb.or([
            eb('o.pay_deadline', '<=', now),
            eb.and([
              eb('a.started_at', '<=', startedBefore),
              eb.or([eb('a.checked_at', 'is', null), eb('a.checked_at', '<=', checkedBefore)]),
            ]),
          ]),
        )
        .orderBy('a.started_at')
        .limit(limit)
        .execute()
    );
  }

  async checked(orderId: number, provider: string, at: number): Promise<void> {
    await this.db
      .updateTable('payment_attempt')
      .set({ checked_at: at })
      .where('order_id', '=', orderId)
      .where('provider', '=', provider)
      .execute();
  }

  /** A refund about to be asked of its wallet; the one already kept when the number was used before. */
  async openRefund(refund: Omit<PaymentRefundRow, 'providerRefundId' | 'status' | 'settledAt'>) {
    await this.db
      .insertInto('payment_refund')
      .values({
        order_id: refund.orderId,
        provider: refund.provider,
        kind: refund.kind,
        refund_no: refund.refundNo,
        provider_refund_id: null,
        amount_cents: refund.amountCents,
        status: 'processing',
        reason: refund.reason,
        created_at: refund.createdAt,
        settled_at: null,
      })
      .onConflict((oc) => oc.column('refund_no').doNothing())
      .execute();
    return (await this.refund(refund.refundNo))!;
  }

  /** What the wallet answered of a refund; a refund paid back stays so (a failed one may be asked again). */
  async settleRefund(refundNo: string, status: RefundStatus, providerRefundId: string | null, at: number) {
    await this.db
      .updateTable('payment_refund')
      .set({
        status,
        provider_refund_id: providerRefundId,
        settled_at: status === 'processing' ? null : at,
      })
      .where('refund_no', '=', refundNo)
      .where('status', '!=', 'success')
      .execute();
  }

  async refund(refundNo: string): Promise<PaymentRefundRow | undefined> {
    const row = await this.db
      .selectFrom('payment_refund')
      .select(refundColumns)
      .where('refund_no', '=', refundNo)
      .executeTakeFirst();
    return row && asRefund(row);
  }

  /** Refunds kept but never answered by their wallet: to ask again. */
  async refundsUnasked(limit = 100): Promise<PaymentRefundRow[]> {
    const rows = await this.db
      .selectFrom('payment_refund')
      .select(refundColumns)
      // Written out: the refunds unasked are an index of their own (migration 0031).
      .where('status', '=', sql.lit('processing'))
      .where('provider_refund_id', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(asRefund);
  }

  /** The wallets' confirmations of an order's payment, in the order they came (the console's order detail). */
  async noticesOf(orderId: number): Promise<{ provider: string; transactionId: string; at: number }[]> {
    const rows = await this.db
      .selectFrom('payment_notice')
      .select(['provider', 'transaction_id as transactionId', 'at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, at: Number(row.at) }));
  }

  async refundsOf(orderId: number): Promise<PaymentRefundRow[]> {
    const rows = await this.db
      .selectFrom('payment_refund')
      .select(refundColumns)
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    return rows.map(asRefund);
  }
}
