import { createHash } from 'node:crypto';
import type { PayType } from '@cloudphone/contracts/commerce';
import { AppError } from '../app-error';
import type { PayableOrder, PaymentProvider } from '../../providers/payments/payment-provider';
import type { PaymentRefundRow, RefundStatus } from '../../repositories/payment.repository';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { OrderRow } from '../../repositories/order.repository';
import type { Clock } from '../clock';
import { REFUNDABLE, type FulfilmentService } from './fulfilment.service';
import type { MessageService } from '../content/message.service';

/** An order as a wallet is asked about it; the customer sees the description in the wallet. */
export function payableOf(order: OrderRow): PayableOrder {
  return {
    tenantId: order.tenantId,
    clientId: order.clientId,
    orderNo: order.orderNo,
    payPriceCents: order.payPriceCents,
    payDeadline: order.payDeadline,
    description: `云手机订单 ${order.orderNo}`,
  };
}

/**
 * Our number for a refund, one per thing paid back — an order refunded by the operator, or one late
 * payment (by its transaction) — so asking again with it is the same refund at the wallet, never a
 * second one. Letters and digits, 32 long: what both wallets accept.
 */
const refundNoOf = (what: string) => `RF${createHash('sha256').update(what).digest('hex').slice(0, 30)}`;

const LATE_REASON = 'paid after the order closed or was paid otherwise';

/**
 * Money paid back through the wallet that took it (issue 25): an operator's refund, which ends
 * access once the wallet has taken the refund, and a payment that landed on an order no longer
 * unpaid, which goes back by itself. A refund is kept before its wallet is asked, so one a crash or
 * an unreachable wallet interrupted is asked again by the payments job.
 */
export class RefundService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'orders' | 'payments' | 'messages'>;
      providerOf: (payType: PayType) => PaymentProvider | undefined;
      fulfilment: FulfilmentService;
      messages: MessageService;
      clock: Clock;
    },
  ) {}

  /** The admin CLI's refund: the wallet pays the order back, then its phones end (or its days go). */
  async refund(orderNo: string, remark: string): Promise<OrderRow> {
    const order = await this.deps.repos.orders.findByNo(orderNo);
    if (!order) throw new AppError('orderNotFound');
    if (!REFUNDABLE.includes(order.status)) throw new AppError('orderNotPayable');
    // An activation code's order took no money: there is nothing to pay back, only access to end.
    if (order.payType && this.deps.providerOf(order.payType)) {
      const refund = await this.deps.repos.payments.openRefund({
        orderId: order.id,
        provider: order.payType,
        kind: 'operator',
        refundNo: refundNoOf(`operator:${order.orderNo}`),
        amountCents: order.payPriceCents,
        reason: remark,
        createdAt: this.deps.clock.now(),
      });
      // A wallet away leaves the refund kept: the payments job asks again, and ends access when it goes through.
      const status =
        refund.status === 'success' ? 'success' : await this.ask(order, refund).catch(() => 'failed' as const);
      if (status === 'failed') throw new AppError('refundFailed');
    }
    return this.deps.fulfilment.refund(orderNo, remark);
  }

  /**
   * In the unit of work of a payment that came too late (`transactionKey`, kept by tenant): its
   * money is to go back, and the customer hears so.
   */
  async openLate(tx: Repositories, order: OrderRow, payType: PayType, transactionKey: string): Promise<void> {
    await tx.payments.openRefund({
      orderId: order.id,
      provider: payType,
      kind: 'late',
      refundNo: refundNoOf(`late:${transactionKey}`),
      amountCents: order.payPriceCents,
      reason: LATE_REASON,
      createdAt: this.deps.clock.now(),
    });
    const to = { tenantId: order.tenantId, userId: order.userId };
    await this.deps.messages.tell(tx, to, 'order_refunded', {
      orderNo: order.orderNo,
      amountCents: order.payPriceCents,
    });
  }

  /** A wallet's notice of how a refund ended. */
  async settled(refundNo: string, status: RefundStatus, providerRefundId: string | null): Promise<void> {
    await this.deps.repos.payments.settleRefund(refundNo, status, providerRefundId, this.deps.clock.now());
  }

  /**
   * Refunds kept but never answered by their wallet (it was away, or a crash came between) are
   * asked again; an operator's refund that goes through then ends access as it would have.
   */
  async retry(): Promise<void> {
    for (const refund of await this.deps.repos.payments.refundsUnasked()) {
      const order = await this.deps.repos.orders.findById(refund.orderId);
      if (!order) continue;
      const status = await this.ask(order, refund).catch(() => 'processing' as const);
      if (refund.kind === 'operator' && REFUNDABLE.includes(order.status) && status !== 'failed')
        await this.deps.fulfilment.refund(order.orderNo, refund.reason);
    }
  }

  /** Asks the wallet for the refund and keeps its answer; a wallet that cannot be reached throws. */
  private async ask(order: OrderRow, refund: PaymentRefundRow): Promise<RefundStatus> {
    const provider = this.deps.providerOf(refund.provider as PayType)!;
    const answer = await provider.refund(payableOf(order), {
      refundNo: refund.refundNo,
      refundCents: refund.amountCents,
      reason: refund.reason,
    });
    await this.deps.repos.payments.settleRefund(
      refund.refundNo,
      answer.status,
      answer.providerRefundId,
      this.deps.clock.now(),
    );
    return answer.status;
  }
}
