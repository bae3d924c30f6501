import type { PayType, WechatJsapi } from '@cloudphone/contracts/commerce';
import type { RefundStatus } from '../../repositories/payment.repository';

/** A provider's word that an order was paid, once its signature checked out. */
export interface PaymentNotice {
  orderNo: string;
  /** The provider's own id of the payment: a notice seen twice is applied once. */
  transactionId: string;
  amountCents: number;
}

/** How the client pays: a page to open, a QR code to scan, the simulated pay step, or WeChat's JSAPI pay. */
export interface PaymentStart {
  payUrl: string | null;
  qrCodeText: string | null;
  simulateToken: string | null;
  jsapi?: WechatJsapi;
}

/** The order as a provider needs it. */
export interface PayableOrder {
  tenantId: number;
  /** The client whose wallet settings take the money; null for orders older than wallets. */
  clientId: number | null;
  orderNo: string;
  payPriceCents: number;
  /** When its time to pay runs out: the wallets refuse a payment after it too. */
  payDeadline: number;
  /** What the customer sees in the wallet as what they pay for. */
  description: string;
}

/** Where the pay page is open: which app's browser, and whether on a phone (spec §1 in-app browsers). */
export interface PayPlace {
  browser: 'wechat' | 'alipay' | 'other';
  phone: boolean;
  /** The customer's address, which WeChat's H5 pay wants. */
  clientIp: string;
  /** The pay page, to come back to from a wallet's own pages. */
  returnUrl?: string;
  /** Inside WeChat: the code its sign-in came back with (JSAPI pay). */
  wechatCode?: string;
}

/** A notice as it reached us: its headers and its bytes, which its signature covers. */
export interface IncomingNotice {
  headers: Record<string, string | undefined>;
  rawBody: string;
}

/** What a genuine notice told: a payment, a refund settled, or nothing we act on. */
export type NoticeReading =
  | { kind: 'payment'; payment: PaymentNotice }
  | { kind: 'refund'; refundNo: string; status: RefundStatus; providerRefundId: string | null }
  | { kind: 'other' };

/** How a provider wants its notice answered, so it stops (or keeps) sending it. */
export interface NoticeAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A refund to ask of the provider: our number for it (the same number again is the same refund). */
export interface RefundRequest {
  refundNo: string;
  refundCents: number;
  reason: string;
}

export interface RefundAnswer {
  status: RefundStatus;
  providerRefundId: string | null;
}

/**
 * A way to pay (spec §3: simulated pay and two wallets). A provider starts a payment, reads the
 * notices it posts, and — for a real wallet — answers whether an order was paid, closes an unpaid
 * one so no late scan can pay it, and pays money back.
 */
export interface PaymentProvider {
  readonly payType: Exclude<PayType, 'activation_code'>;
  /** Whether money moves outside: its orders are asked after and closed at the provider. */
  readonly remote: boolean;
  /** Whether the client has set this method up; an unconfigured wallet is not offered. */
  configured(tenantId: number, clientId: number | null): Promise<boolean>;
  start(order: PayableOrder, place: PayPlace): Promise<PaymentStart>;
  /** Reads a notice posted for `clientId`; undefined when it is not genuine. */
  readNotice(clientId: number, notice: IncomingNotice): Promise<NoticeReading | undefined>;
  answer(ok: boolean): NoticeAnswer;
  /** The payment of the order at the provider, or undefined while it is unpaid. */
  query(order: PayableOrder): Promise<PaymentNotice | undefined>;
  /** Closes the order at the provider: no payment can land after this. */
  close(order: PayableOrder): Promise<void>;
  refund(order: PayableOrder, refund: RefundRequest): Promise<RefundAnswer>;
}

/** A time as Beijing's wall clock, `yyyy-MM-ddTHH:mm:ss`: the wallets' own time zone. */
export const beijingTime = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19);

/** Cents as the yuan string some wallets speak ("12.30"). */
export const yuan = (cents: number): string => (cents / 100).toFixed(2);
/** A wallet's yuan string as cents; NaN when it is not one. */
export const centsOf = (amount: string | undefined): number =>
  amount !== undefined && /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN;
