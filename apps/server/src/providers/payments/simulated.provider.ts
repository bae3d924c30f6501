import { createHmac } from 'node:crypto';
import type { PaymentProvider, PaymentStart, PayableOrder, PaymentNotice } from './payment-provider';
import { readSignedNotice } from './signed-notice';

/**
 * Simulated pay: a pay step in the app that succeeds or cancels, for trying the product and for
 * tests. Its notices are signed like a wallet's, with a key only this server holds; outside
 * development it is offered only where the tenant turned it on.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly payType = 'simulated' as const;

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

  async verify(_tenantId: number, body: unknown): Promise<PaymentNotice | undefined> {
    return readSignedNotice(this.key, body);
  }
}
