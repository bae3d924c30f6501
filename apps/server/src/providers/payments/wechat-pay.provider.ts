import type {
  IncomingNotice,
  NoticeAnswer,
  NoticeReading,
  PaymentNotice,
  PaymentProvider,
  PaymentStart,
  PayableOrder,
  PayPlace,
  RefundAnswer,
  RefundRequest,
} from './payment-provider';
import { WechatPayClient, WechatPayError, type WechatRefund } from './wechat-pay-client';
import type { WalletSettingsOf } from './wallet-context';
import { wechatAuthorizeUrl, wechatOpenidOf } from './wechat-oauth';
import type { WechatTransaction } from './wechat-pay-v3';

/** A refund's state at WeChat Pay as ours. */
const REFUND_STATUS = { SUCCESS: 'success', PROCESSING: 'processing', CLOSED: 'failed', ABNORMAL: 'failed' } as const;

/**
 * WeChat Pay (API v3) for a client that set it up: Native pay's QR code on a large screen; inside
 * WeChat's own browser (which allows no H5 pay) JSAPI pay when the client's official account is set up,
 * else the QR code, which the customer long-presses to pay; H5 pay in any other phone browser.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly payType = 'wechat' as const;
  readonly remote = true;

  constructor(private readonly wallet: WalletSettingsOf<'wechat'>) {}

  async configured(_tenantId: number, clientId: number | null): Promise<boolean> {
    return (await this.wallet.settings(clientId)) !== undefined;
  }

  async start(order: PayableOrder, place: PayPlace): Promise<PaymentStart> {
    const client = await this.client(order.clientId);
    const pay = {
      orderNo: order.orderNo,
      amountCents: order.payPriceCents,
      description: order.description,
      notifyUrl: await this.wallet.noticeUrl(order.clientId!),
      expiresAt: order.payDeadline,
    };
    const settings = (await this.wallet.settings(order.clientId))!;
    if (place.browser === 'wechat' && settings.appSecret && place.returnUrl) {
      // JSAPI pay: WeChat's sign-in names the customer first, then the bridge pays.
      if (!place.wechatCode) {
        const signIn = wechatAuthorizeUrl(settings.appId, place.returnUrl, order.orderNo);
        return { payUrl: signIn, qrCodeText: null, simulateToken: null };
      }
      const openid = await wechatOpenidOf(
        { appId: settings.appId, appSecret: settings.appSecret },
        place.wechatCode,
        settings.oauthApi,
      );
      return { payUrl: null, qrCodeText: null, simulateToken: null, jsapi: await client.jsapiPay(pay, openid) };
    }
    if (place.phone && place.browser === 'other') {
      const h5 = await client.h5Pay(pay, place.clientIp);
      // H5 pay comes back to the pay page, which then shows the result.
      const payUrl = place.returnUrl ? `${h5}&redirect_url=${encodeURIComponent(place.returnUrl)}` : h5;
      return { payUrl, qrCodeText: null, simulateToken: null };
    }
    return { payUrl: null, qrCodeText: await client.nativePay(pay), simulateToken: null };
  }

  async readNotice(clientId: number, notice: IncomingNotice): Promise<NoticeReading | undefined> {
    const client = await this.client(clientId).catch(() => undefined);
    const read = client?.readNotice(notice.headers, notice.rawBody);
    if (!client || !read) return undefined;
    if (read.eventType === 'TRANSACTION.SUCCESS') {
      const payment = client.paymentOf(read.resource as WechatTransaction);
      return payment ? { kind: 'payment', payment } : { kind: 'other' };
    }
    if (read.eventType.startsWith('REFUND.')) {
      const refund = read.resource as { out_refund_no: string; refund_id?: string; refund_status: string };
      const status = REFUND_STATUS[refund.refund_status as keyof typeof REFUND_STATUS] ?? 'processing';
      return { kind: 'refund', refundNo: refund.out_refund_no, status, providerRefundId: refund.refund_id ?? null };
    }
    return { kind: 'other' };
  }

  /** WeChat Pay reads a 2xx as received; anything else, with a reason, makes it send again later. */
  answer(ok: boolean): NoticeAnswer {
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: 'refused' }) };
  }

  async query(order: PayableOrder): Promise<PaymentNotice | undefined> {
    const client = await this.client(order.clientId);
    try {
      return client.paymentOf(await client.query(order.orderNo));
    } catch (error) {
      // The customer never opened the code: WeChat Pay knows no such order, so it is unpaid.
      if (error instanceof WechatPayError && error.code === 'ORDER_NOT_EXIST') return undefined;
      throw error;
    }
  }

  async close(order: PayableOrder): Promise<void> {
    await (await this.client(order.clientId)).close(order.orderNo);
  }

  async refund(order: PayableOrder, refund: RefundRequest): Promise<RefundAnswer> {
    const answer: WechatRefund = await (
      await this.client(order.clientId)
    ).refund({
      orderNo: order.orderNo,
      refundNo: refund.refundNo,
      refundCents: refund.refundCents,
      totalCents: order.payPriceCents,
      reason: refund.reason,
      notifyUrl: await this.wallet.noticeUrl(order.clientId!),
    });
    return { status: REFUND_STATUS[answer.status] ?? 'processing', providerRefundId: answer.refund_id };
  }

  private async client(clientId: number | null): Promise<WechatPayClient> {
    const settings = await this.wallet.settings(clientId);
    if (!settings) throw new Error('WeChat Pay is not set up for this client');
    return new WechatPayClient(settings, settings.api);
  }
}
