import type { PayType } from '@cloudphone/contracts/commerce';

/** A provider's notice that an order was paid, once its signature checked out. */
export interface PaymentNotice {
  orderNo: string;
  /** The provider's own id of the payment: a notice seen twice is applied once. */
  transactionId: string;
  amountCents: number;
}

/** How the client pays: a page to open, a QR code to scan, or the simulated pay step. */
export interface PaymentStart {
  payUrl: string | null;
  qrCodeText: string | null;
  simulateToken: string | null;
}

/** The order as a provider needs it. */
export interface PayableOrder {
  tenantId: number;
  orderNo: string;
  payPriceCents: number;
}

/**
 * A way to pay (spec §3: simulated pay and two wallets). Each provider starts a payment and reads
 * the provider's asynchronous notice; the notice is what marks an order paid.
 */
export interface PaymentProvider {
  readonly payType: Exclude<PayType, 'activation_code'>;
  /** Whether the tenant has set this method up; an unconfigured wallet is not offered. */
  configured(tenantId: number): Promise<boolean>;
  start(order: PayableOrder): Promise<PaymentStart>;
  /** Reads a notice posted by the provider; undefined when it is not genuine. */
  verify(tenantId: number, body: unknown): Promise<PaymentNotice | undefined>;
}
