import { AlipaySdk } from 'alipay-sdk';
import {
  beijingTime,
  centsOf,
  yuan,
  type IncomingNotice,
  type NoticeAnswer,
  type NoticeReading,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentStart,
  type PayableOrder,
  type PayPlace,
  type RefundAnswer,
  type RefundRequest,
} from './payment-provider';
import type { WalletSettingsOf } from './wallet-context';
import type { AlipaySettings } from './wallet-settings';

/** Alipay's answer to a call (camel-cased by the SDK); `10000` is success. */
interface AlipayReply {
  code: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  [field: string]: unknown;
}

const SUCCESS = '10000';
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const NO_SUCH_TRADE = 'ACQ.TRADE_NOT_EXIST';

/**
 * Alipay for a client that set it up, through Alipay's official SDK (`alipay-sdk`, RSA2): a QR code
 * (`alipay.trade.precreate`) on a large screen, the phone-site pay page (`alipay.trade.wap.pay`) on a
 * phone and inside Alipay's own browser; notices verified with Alipay's public key.
 */
export class AlipayProvider implements PaymentProvider {
  readonly payType = 'alipay' as const;
  readonly remote = true;

  constructor(private readonly wallet: WalletSettingsOf<'alipay'>) {}

  async configured(_tenantId: number, clientId: number | null): Promise<boolean> {
    return (await this.wallet.settings(clientId)) !== undefined;
  }

  async start(order: PayableOrder, place: PayPlace): Promise<PaymentStart> {
    const { sdk } = await this.sdk(order.clientId);
    const notifyUrl = await this.wallet.noticeUrl(order.clientId!);
    const trade = {
      out_trade_no: order.orderNo,
      total_amount: yuan(order.payPriceCents),
      subject: order.description.slice(0, 256),
      // Alipay itself refuses a payment after the order's time to pay, even before we close it.
      time_expire: beijingTime(order.payDeadline).replace('T', ' '),
    };
    if (place.phone || place.browser === 'alipay') {
      const payUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: { ...trade, product_code: 'QUICK_WAP_WAY' },
        notifyUrl,
        timestamp: alipayTimestamp(),
      });
      return { payUrl, qrCodeText: null, simulateToken: null };
    }
    const reply = await this.call(sdk, 'alipay.trade.precreate', { bizContent: trade, notifyUrl });
    if (reply.code !== SUCCESS) throw failure('precreate', reply);
    return { payUrl: null, qrCodeText: String(reply.qrCode), simulateToken: null };
  }

  async readNotice(clientId: number, notice: IncomingNotice): Promise<NoticeReading | undefined> {
    const wallet = await this.sdk(clientId).catch(() => undefined);
    const fields = Object.fromEntries(new URLSearchParams(notice.rawBody));
    // The values as posted (the form decoded once), as Alipay signed them.
    if (!wallet || !wallet.sdk.checkNotifySignV2(fields) || fields.app_id !== wallet.settings.appId) return undefined;
    // A notice of another seller's trade is not a payment to this merchant (issue 48).
    const { sellerId } = wallet.settings;
    if (sellerId !== undefined && fields.seller_id !== sellerId) return undefined;
    if (fields.out_biz_no && fields.refund_fee)
      return {
        kind: 'refund',
        refundNo: fields.out_biz_no,
        status: 'success',
        providerRefundId: fields.trade_no ?? null,
      };
    const payment = paymentOf(fields.trade_status, fields.out_trade_no, fields.trade_no, fields.total_amount);
    return payment ? { kind: 'payment', payment } : { kind: 'other' };
  }

  /** Alipay reads the plain word `success` as received; anything else makes it send again later. */
  answer(ok: boolean): NoticeAnswer {
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
  }

  async query(order: PayableOrder): Promise<PaymentNotice | undefined> {
    const { sdk } = await this.sdk(order.clientId);
    const reply = await this.call(sdk, 'alipay.trade.query', { bizContent: { out_trade_no: order.orderNo } });
    // A QR code never scanned makes no trade at Alipay: unpaid.
    if (reply.subCode === NO_SUCH_TRADE) return undefined;
    if (reply.code !== SUCCESS) throw failure('query', reply);
    return paymentOf(
      reply.tradeStatus as string,
      reply.outTradeNo as string,
      reply.tradeNo as string,
      reply.totalAmount as string,
    );
  }

  async close(order: PayableOrder): Promise<void> {
    const { sdk } = await this.sdk(order.clientId);
    const reply = await this.call(sdk, 'alipay.trade.close', { bizContent: { out_trade_no: order.orderNo } });
    // No trade yet (never scanned) is closed enough: its code expires with the order's time to pay.
    if (reply.code !== SUCCESS && reply.subCode !== NO_SUCH_TRADE) throw failure('close', reply);
  }

  async refund(order: PayableOrder, refund: RefundRequest): Promise<RefundAnswer> {
    const { sdk } = await this.sdk(order.clientId);
    const reply = await this.call(sdk, 'alipay.trade.refund', {
      bizContent: {
        out_trade_no: order.orderNo,
        refund_amount: yuan(refund.refundCents),
        out_request_no: refund.refundNo,
        refund_reason: refund.reason.slice(0, 256),
      },
    });
    if (reply.code !== SUCCESS) throw failure('refund', reply);
    // Alipay pays a refund back as it answers: success is the money returned (the same number again, the same refund).
    return { status: 'success', providerRefundId: (reply.tradeNo as string | undefined) ?? null };
  }

  /** One call through the SDK, its answer believed only when Alipay signed it. */
  private async call(sdk: AlipaySdk, method: string, params: Record<string, unknown>): Promise<AlipayReply> {
    const timed = { ...params, timestamp: alipayTimestamp() };
    return (await sdk.exec(method, timed, { validateSign: true })) as AlipayReply;
  }

  private async sdk(clientId: number | null): Promise<{ sdk: AlipaySdk; settings: AlipaySettings }> {
    const settings = await this.wallet.settings(clientId);
    if (!settings) throw new Error('Alipay is not set up for this client');
    const sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: settings.privateKey.includes('RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      alipayPublicKey: settings.alipayPublicKey,
      gateway: settings.gateway,
      timeout: 10_000,
    });
    return { sdk, settings };
  }
}

function paymentOf(
  status: string | undefined,
  orderNo: string | undefined,
  transactionId: string | undefined,
  amount: string | undefined,
): PaymentNotice | undefined {
  if (!status || !PAID.has(status) || !orderNo || !transactionId) return undefined;
  return { orderNo, transactionId, amountCents: centsOf(amount) };
}

/**
 * A request's `timestamp` as Alipay reads it: Beijing time (issue 48). The SDK's default is the
 * server's local time, 8 hours off on a server kept in UTC; a time in the call's params overrides it.
 */
const alipayTimestamp = (): string => beijingTime(Date.now()).replace('T', ' ');

const failure = (call: string, reply: AlipayReply) =>
  new Error(`Alipay ${call}: ${reply.code} ${reply.subCode ?? ''} ${reply.subMsg ?? reply.msg ?? ''}`.trim());
