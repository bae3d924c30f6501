import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify, randomBytes } from 'node:crypto';
import { postNotice, readBody, type NoticeReply } from './stand-in-http';
import {
  encryptWechatResource,
  readWechatAuthorization,
  wechatSign,
  type WechatTransaction,
} from '../../src/providers/payments/wechat-pay-v3';

/** The keys and ids a test's merchant and the stand-in's "WeChat Pay" share. */
export interface WechatStandInKeys {
  mchId: string;
  serialNo: string;
  /** The id of the platform public key: the `Wechatpay-Serial` of what it signs. */
  platformPublicKeyId: string;
  merchantPublicKey: string;
  platformPrivateKey: string;
  apiV3Key: string;
}

/** A signed, encrypted notice as WeChat Pay posts it. */
export interface WechatNotice {
  headers: Record<string, string>;
  body: string;
}

/**
 * A small local stand-in for WeChat Pay's API v3 (no wallet can be reached from our machines): it checks
 * every request's signature with the merchant's public key, as WeChat Pay does, signs its replies with
 * the platform key, and makes notices signed and encrypted the real way.
 */
export class WechatPayStandIn {
  readonly orders = new Map<string, WechatTransaction>();
  readonly refunds: { out_trade_no: string; out_refund_no: string; amount: { refund: number }; notify_url: string }[] =
    [];
  /** Who pays each JSAPI order (the `payer.openid` it was started with). */
  readonly payers = new Map<string, string>();
  /** Where each order's notices go (the `notify_url` it was started with). */
  private readonly noticeUrls = new Map<string, string>();
  /** Requests whose signature did not verify (a test expects none). */
  readonly refused: string[] = [];
  /** What a test changes in the headers of the stand-in's next replies (null: left out), to play a forger. */
  replyHeaders: Record<string, string | null> = {};
  private server!: Server;
  url = '';

  constructor(private readonly keys: WechatStandInKeys) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void readBody(request).then((text) => {
        const reply = this.handle(request, text);
        const json = reply.body === undefined ? '' : JSON.stringify(reply.body);
        const headers: Record<string, string | null> = { ...this.sign(json), ...this.replyHeaders };
        for (const [name, value] of Object.entries(headers)) if (value === null) delete headers[name];
        response.writeHead(reply.status, { 'content-type': 'application/json', ...headers });
        response.end(json);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): void {
    this.server.close();
  }

  /** The customer paid (scanned the code): the order is paid, and here is WeChat Pay's notice of it. */
  pay(orderNo: string, amountCents?: number): WechatNotice {
    const order = this.orders.get(orderNo);
    if (!order) throw new Error(`no order ${orderNo} at the stand-in`);
    Object.assign(order, { trade_state: 'SUCCESS', transaction_id: `42000${randomBytes(8).toString('hex')}` });
    const transaction = { ...order, amount: { total: amountCents ?? order.amount!.total, currency: 'CNY' } };
    return this.notice(transaction);
  }

  /** The customer paid, and WeChat Pay posts its notice to the order's `notify_url`: what our server answered. */
  async payAndNotify(orderNo: string): Promise<NoticeReply> {
    const notice = this.pay(orderNo);
    return postNotice(
      this.noticeUrls.get(orderNo)!,
      { 'content-type': 'application/json', ...notice.headers },
      notice.body,
    );
  }

  /** A refund went through, and WeChat Pay posts its notice (REFUND.SUCCESS). */
  async settleRefund(refundNo: string): Promise<NoticeReply> {
    const refund = this.refunds.find((r) => r.out_refund_no === refundNo)!;
    const resource = {
      mchid: this.keys.mchId,
      out_trade_no: refund.out_trade_no,
      out_refund_no: refundNo,
      refund_id: `50000${randomBytes(6).toString('hex')}`,
      refund_status: 'SUCCESS',
    };
    const notice = this.notice(resource, this.keys.platformPrivateKey, 'REFUND.SUCCESS');
    return postNotice(refund.notify_url, { 'content-type': 'application/json', ...notice.headers }, notice.body);
  }

  /** A notice of `transaction`, as WeChat Pay sends it: the resource sealed, the whole body signed. */
  notice(
    transaction: object,
    signingKey = this.keys.platformPrivateKey,
    eventType = 'TRANSACTION.SUCCESS',
  ): WechatNotice {
    const resource = encryptWechatResource(this.keys.apiV3Key, JSON.stringify(transaction));
    const body = JSON.stringify({ id: randomBytes(8).toString('hex'), event_type: eventType, resource });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    return {
      body,
      headers: {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': wechatSign(signingKey, timestamp, nonce, body),
        'wechatpay-serial': this.keys.platformPublicKeyId,
      },
    };
  }

  /** Who WeChat's sign-in names for each code it gave (a test hands out codes with `signIn`). */
  private readonly signIns = new Map<string, string>();

  /** The customer signed in inside WeChat: the code the sign-in comes back with, naming `openid`. */
  signIn(openid: string): string {
    const code = randomBytes(8).toString('hex');
    this.signIns.set(code, openid);
    return code;
  }

  private handle(request: IncomingMessage, text: string): { status: number; body?: object } {
    const url = request.url ?? '';
    // WeChat's sign-in API (api.weixin.qq.com) is not signed by the merchant: it takes the AppSecret.
    if (url.startsWith('/sns/oauth2/access_token?')) {
      const query = new URL(url, 'http://stand-in').searchParams;
      const openid = query.get('secret') === 'official-account-secret' && this.signIns.get(query.get('code') ?? '');
      this.signIns.delete(query.get('code') ?? '');
      return openid
        ? { status: 200, body: { access_token: 'token', openid, scope: 'snsapi_base' } }
        : { status: 200, body: { errcode: 40029, errmsg: 'invalid code' } };
    }
    if (!this.genuine(request, url, text)) {
      this.refused.push(`${request.method} ${url}`);
      return { status: 401, body: { code: 'SIGN_ERROR', message: 'signature does not verify' } };
    }
    const body: unknown = text ? JSON.parse(text) : {};
    const started = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(url);
    if (request.method === 'POST' && started) {
      const { out_trade_no, amount, mchid, appid, notify_url } = body as {
        out_trade_no: string;
        amount: { total: number };
        mchid: string;
        appid: string;
        notify_url: string;
      };
      this.orders.set(out_trade_no, { out_trade_no, trade_state: 'NOTPAY', amount, mchid, appid });
      this.noticeUrls.set(out_trade_no, notify_url);
      const code = randomBytes(6).toString('hex');
      if (started[1] === 'jsapi') {
        const { payer } = body as { payer?: { openid?: string } };
        this.payers.set(out_trade_no, payer?.openid ?? '');
        return { status: 200, body: { prepay_id: `wx${code}` } };
      }
      return started[1] === 'native'
        ? { status: 200, body: { code_url: `weixin://wxpay/bizpayurl?pr=${code}` } }
        : { status: 200, body: { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${code}` } };
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?/.exec(url);
    if (query) {
      const order = this.orders.get(decodeURIComponent(query[1]!));
      if (!order) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: 'no such order' } };
      if (query[2]) {
        if (order.trade_state === 'SUCCESS') return { status: 400, body: { code: 'ORDERPAID', message: 'paid' } };
        if (order.trade_state === 'NOTPAY') order.trade_state = 'CLOSED';
        return { status: 204 };
      }
      return { status: 200, body: order };
    }
    if (request.method === 'POST' && url === '/v3/refund/domestic/refunds') {
      const refund = body as (typeof this.refunds)[number];
      // The same refund number again is the same refund: WeChat Pay pays back once.
      if (!this.refunds.some((r) => r.out_refund_no === refund.out_refund_no)) this.refunds.push(refund);
      const refundId = `50000${Buffer.from(refund.out_refund_no).toString('hex').slice(0, 16)}`;
      return { status: 200, body: { refund_id: refundId, out_refund_no: refund.out_refund_no, status: 'PROCESSING' } };
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: url } };
  }

  /** Whether the merchant signed this request (method, URL, time, nonce, body) with the key WeChat Pay knows. */
  private genuine(request: IncomingMessage, url: string, text: string): boolean {
    const fields = readWechatAuthorization(request.headers.authorization ?? '');
    if (!fields || fields.mchid !== this.keys.mchId || fields.serial_no !== this.keys.serialNo) return false;
    const message = `${request.method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${text}\n`;
    return createVerify('RSA-SHA256')
      .update(message)
      .verify(this.keys.merchantPublicKey, fields.signature ?? '', 'base64');
  }

  private sign(json: string): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': wechatSign(this.keys.platformPrivateKey, timestamp, nonce, json),
      'wechatpay-serial': this.keys.platformPublicKeyId,
    };
  }
}
