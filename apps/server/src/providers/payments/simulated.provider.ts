import { createHmac } from 'node:crypto';
import type {
  IncomingNotice,
  NoticeAnswer,
  NoticeReading,
  PaymentProvider,
  PaymentStart,
  PayableOrder,
  RefundAnswer,
  RefundRequest,
} from './payment-provider';
import { readSignedNotice } from './signed-notice';

/**
 * Simulated pay: a pay step in the app that succeeds or cancels, for trying the product and for
 * tests. Its notices are signed like a wallet's, with a key only this server holds; outside
 * development it is offered only where the tenant turned it on. No money moves, so there is nothing
 * to ask after, close or pay back at a provider.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly payType = 'simulated' as const;
  readonly remote = false;

  constructor(
    /** Signs the pay step's token and the notices. */
    readonly key: string,
    private readonly enabledFor: (tenantId: number) => Promise<boolean>,
  ) {}

  configured(tenantId: number): Promise<boolean> {
    return this.enabledFor(tenantId);
  }

  async start(order: PayableOrder): Promise<PaymentStart> {
    return { payUrl: null, qrCodeText: null, simulateToken: this.tokenFor(order.orderNo) };
  }

  /** The pay step proves it was started for this order. */
  tokenFor(orderNo: string): string {
    return createHmac('sha256', this.key).update(`simulate|${orderNo}`).digest('base64url');
  }

  async readNotice(_clientId: number, notice: IncomingNotice): Promise<NoticeReading | undefined> {
    let body: unknown;
    try {
      body = JSON.parse(notice.rawBody);
    } catch {
      return undefined;
    }
    const payment = readSignedNotice(this.key, body);
    return payment && { kind: 'payment', payment };
  }

  answer(ok: boolean): NoticeAnswer {
    return { status: ok ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ ok }) };
  }

  async query(): Promise<undefined> {
    return undefined;
  }

  async close(): Promise<void> {}

  async refund(_order: PayableOrder, refund: RefundRequest): Promise<RefundAnswer> {
    return { status: 'success', providerRefundId: `simulated-${refund.refundNo}` };
  }
}
