import { createSign, randomBytes } from 'node:crypto';
import type { WechatJsapi } from '@cloudphone/contracts/commerce';
import { beijingTime, type PaymentNotice } from './payment-provider';
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

/** An order as WeChat Pay is asked to take its money. */
export interface WechatOrder {
  orderNo: string;
  amountCents: number;
  description: string;
  notifyUrl: string;
  /** When it may no longer be paid. */
  expiresAt?: number;
}

/** What a refund request became (its own notice follows when it settles). */
export interface WechatRefund {
  refund_id: string;
  out_refund_no: string;
  status: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
}

/** WeChat Pay said no: its HTTP status and error code (`ORDER_NOT_EXIST`, `ORDERPAID`, …). */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
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
  async nativePay(order: WechatOrder) {
    const reply = await this.call<{ code_url: string }>('POST', '/v3/pay/transactions/native', this.payBody(order));
    return reply.code_url;
  }

  /** H5 pay: the page a phone browser (not WeChat's own) opens to pay. */
  async h5Pay(order: WechatOrder, clientIp: string) {
    const body = { ...this.payBody(order), scene_info: { payer_client_ip: clientIp, h5_info: { type: 'Wap' } } };
    return (await this.call<{ h5_url: string }>('POST', '/v3/pay/transactions/h5', body)).h5_url;
  }

  /** JSAPI pay inside WeChat's own browser: what `WeixinJSBridge` is handed to pay, for the customer `openid`. */
  async jsapiPay(order: WechatOrder, openid: string): Promise<WechatJsapi> {
    const body = { ...this.payBody(order), payer: { openid } };
    const { prepay_id } = await this.call<{ prepay_id: string }>('POST', '/v3/pay/transactions/jsapi', body);
    const timeStamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepay_id}`;
    // The bridge's signature: RSA-SHA256 over app id, time, nonce and package, one per line, with the merchant's key.
    const paySign = createSign('RSA-SHA256')
      .update(`${this.merchant.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
      .sign(this.merchant.privateKey, 'base64');
    return { appId: this.merchant.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
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
    const notice = this.readNotice(headers, rawBody);
    return notice?.eventType === 'TRANSACTION.SUCCESS'
      ? this.paymentOf(notice.resource as WechatTransaction)
      : undefined;
  }

  /** A transaction (a notice's or a query's) as a payment to this merchant; undefined unless paid. */
  paymentOf(transaction: WechatTransaction): PaymentNotice | undefined {
    if (transaction.trade_state !== 'SUCCESS' || !transaction.transaction_id) return undefined;
    if (transaction.mchid !== undefined && transaction.mchid !== this.merchant.mchId) return undefined;
    return {
      orderNo: transaction.out_trade_no,
      transactionId: transaction.transaction_id,
      amountCents: transaction.amount?.total ?? -1,
    };
  }

  /**
   * A notice's event (`TRANSACTION.SUCCESS`, `REFUND.SUCCESS`, …) and decrypted resource, or undefined
   * when its signature or its envelope does not hold.
   */
  readNotice(headers: WechatHeaders, rawBody: string): { eventType: string; resource: unknown } | undefined {
    if (!this.signedByWechat(headers, rawBody)) return undefined;
    try {
      const { event_type, resource } = JSON.parse(rawBody) as { event_type?: string; resource?: WechatResource };
      if (!resource || !event_type) return undefined;
      return { eventType: event_type, resource: JSON.parse(decryptWechatResource(this.merchant.apiV3Key, resource)) };
    } catch {
      return undefined;
    }
  }

  private payBody(order: WechatOrder) {
    return {
      appid: this.merchant.appId,
      mchid: this.merchant.mchId,
      description: order.description.slice(0, 127),
      out_trade_no: order.orderNo,
      notify_url: order.notifyUrl,
      amount: { total: order.amountCents, currency: 'CNY' },
      // WeChat Pay itself refuses a payment after the order's time to pay, even before we close it.
      ...(order.expiresAt === undefined ? {} : { time_expire: `${beijingTime(order.expiresAt)}+08:00` }),
    };
  }

  /**
   * Whether WeChat Pay signed `body` (issue 48, as its documents have it): with the platform key this
   * merchant holds — the one `Wechatpay-Serial` names — within five minutes, the time in digits.
   */
  private signedByWechat(headers: WechatHeaders, body: string): boolean {
    const timestamp = headers['wechatpay-timestamp'];
    const nonce = headers['wechatpay-nonce'];
    const signature = headers['wechatpay-signature'];
    if (!timestamp || !nonce || !signature) return false;
    if (headers['wechatpay-serial'] !== this.merchant.platformPublicKeyId) return false;
    // A signature years old is not WeChat Pay's answer to us now (its documents allow five minutes).
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
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
    if (!reply.ok) {
      const code = (() => {
        try {
          return String((JSON.parse(text) as { code?: unknown }).code ?? '');
        } catch {
          return '';
        }
      })();
      throw new WechatPayError(
        reply.status,
        code,
        `WeChat Pay ${method} ${path}: HTTP ${reply.status} ${text.slice(0, 200)}`,
      );
    }
    // Every answer, an empty one too (a close's 204), is believed only signed: WeChat Pay signs them all.
    if (!this.signedByWechat(headers, text))
      throw new Error(`WeChat Pay ${method} ${path}: reply not signed by WeChat Pay`);
    return (text ? JSON.parse(text) : {}) as T;
  }
}
