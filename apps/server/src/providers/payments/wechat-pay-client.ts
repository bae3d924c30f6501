import type { PaymentNotice } from './payment-provider';
import {
  decryptWechatResource,
  wechatAuthorization,
  wechatSignatureValid,
  type WechatPayMerchant,
  type WechatResource,
  type WechatTransaction,
} from './wechat-pay-v3';

/** WeChat Pay's production API; a sandbox or a test's stand-in is named instead. */
export const WECHAT_PAY_API = 'https://api.mch.weixin.qq.com';
/** A call to WeChat Pay is given this long. */
const CALL_TIMEOUT_MS = 10_000;

/** The headers WeChat Pay signs its replies and notices with (lower-cased, as Node gives them). */
export interface WechatHeaders {
  'wechatpay-timestamp'?: string;
  'wechatpay-nonce'?: string;
  'wechatpay-signature'?: string;
  'wechatpay-serial'?: string;
}

/** What a refund request became (its own notice follows when it settles). */
export interface WechatRefund {
  refund_id: string;
  out_refund_no: string;
  status: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
}

/**
 * A merchant's WeChat Pay, API v3 (issue 25): Native pay (a `code_url` for a QR code), H5 pay (an
 * `h5_url` for a phone browser), the order query that finds a payment whose notice was lost, close,
 * refund, and the reading of notices — each request signed with the merchant's key and each reply
 * and notice checked against WeChat Pay's platform key before it is believed.
 */
export class WechatPayClient {
  constructor(
    private readonly merchant: WechatPayMerchant,
    private readonly api: string = WECHAT_PAY_API,
  ) {}

  /** Native pay: the text of the QR code the customer scans with WeChat. */
  async nativePay(order: { orderNo: string; amountCents: number; description: string; notifyUrl: string }) {
    const reply = await this.call<{ code_url: string }>('POST', '/v3/pay/transactions/native', this.payBody(order));
    return reply.code_url;
  }

  /** H5 pay: the page a phone browser (not WeChat's own) opens to pay. */
  async h5Pay(
    order: { orderNo: string; amountCents: number; description: string; notifyUrl: string },
    clientIp: string,
  ) {
    const body = { ...this.payBody(order), scene_info: { payer_client_ip: clientIp, h5_info: { type: 'Wap' } } };
    return (await this.call<{ h5_url: string }>('POST', '/v3/pay/transactions/h5', body)).h5_url;
  }

  /** How an order stands at WeChat Pay: paid (with its amount) or not. */
  async query(orderNo: string): Promise<WechatTransaction> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${this.merchant.mchId}`;
    return this.call<WechatTransaction>('GET', path);
  }

  /** Closes an unpaid order, so a late scan cannot pay it. */
  async close(orderNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`;
    await this.call('POST', path, { mchid: this.merchant.mchId });
  }

  /** Pays an order back, in whole or in part. */
  async refund(refund: {
    orderNo: string;
    refundNo: string;
    refundCents: number;
    totalCents: number;
    reason: string;
    notifyUrl: string;
  }): Promise<WechatRefund> {
    return this.call<WechatRefund>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: refund.orderNo,
      out_refund_no: refund.refundNo,
      reason: refund.reason.slice(0, 80),
      notify_url: refund.notifyUrl,
      amount: { refund: refund.refundCents, total: refund.totalCents, currency: 'CNY' },
    });
  }

  /**
   * A payment notice, believed only when WeChat Pay signed it and its resource opens with the APIv3
   * key; undefined otherwise, or when it tells of anything but a successful payment to this merchant.
   */
  readPaymentNotice(headers: WechatHeaders, rawBody: string): PaymentNotice | undefined {
    const transaction = this.readNotice<WechatTransaction>(headers, rawBody);
    if (!transaction || transaction.trade_state !== 'SUCCESS' || !transaction.transaction_id) return undefined;
    if (transaction.mchid !== undefined && transaction.mchid !== this.merchant.mchId) return undefined;
    return {
      orderNo: transaction.out_trade_no,
      transactionId: transaction.transaction_id,
      amountCents: transaction.amount?.total ?? -1,
    };
  }

  /** A notice's decrypted resource, or undefined when its signature or its envelope does not hold. */
  readNotice<T>(headers: WechatHeaders, rawBody: string): T | undefined {
    if (!this.signedByWechat(headers, rawBody)) return undefined;
    try {
      const { resource } = JSON.parse(rawBody) as { resource?: WechatResource };
      if (!resource) return undefined;
      return JSON.parse(decryptWechatResource(this.merchant.apiV3Key, resource)) as T;
    } catch {
      return undefined;
    }
  }

  private payBody(order: { orderNo: string; amountCents: number; description: string; notifyUrl: string }) {
    return {
      appid: this.merchant.appId,
      mchid: this.merchant.mchId,
      description: order.description.slice(0, 127),
      out_trade_no: order.orderNo,
      notify_url: order.notifyUrl,
      amount: { total: order.amountCents, currency: 'CNY' },
    };
  }

  private signedByWechat(headers: WechatHeaders, body: string): boolean {
    const timestamp = headers['wechatpay-timestamp'];
    const nonce = headers['wechatpay-nonce'];
    const signature = headers['wechatpay-signature'];
    if (!timestamp || !nonce || !signature) return false;
    // A signature years old is not WeChat Pay's answer to us now (its documents allow five minutes).
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
    return wechatSignatureValid(this.merchant.platformPublicKey, { timestamp, nonce, signature, body });
  }

  /** One signed call; its reply is believed only when WeChat Pay signed it. */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const json = body === undefined ? '' : JSON.stringify(body);
    const reply = await fetch(`${this.api}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: wechatAuthorization(this.merchant, { method, url: path, body: json }),
      },
      body: body === undefined ? undefined : json,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await reply.text();
    const headers = Object.fromEntries(reply.headers) as WechatHeaders;
    if (!this.signedByWechat(headers, text))
      throw new Error(`WeChat Pay ${method} ${path}: reply not signed by WeChat Pay`);
    if (!reply.ok) throw new Error(`WeChat Pay ${method} ${path}: HTTP ${reply.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : {}) as T;
  }
}
