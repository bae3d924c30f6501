import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify, randomBytes } from 'node:crypto';
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
  readonly refunds: { out_trade_no: string; amount: { refund: number } }[] = [];
  /** Requests whose signature did not verify (a test expects none). */
  readonly refused: string[] = [];
  private server!: Server;
  url = '';

  constructor(private readonly keys: WechatStandInKeys) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void body(request).then((text) => {
        const reply = this.handle(request, text);
        const json = reply.body === undefined ? '' : JSON.stringify(reply.body);
        response.writeHead(reply.status, { 'content-type': 'application/json', ...this.sign(json) });
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

  /** A notice of `transaction`, as WeChat Pay sends it: the resource sealed, the whole body signed. */
  notice(transaction: object, signingKey = this.keys.platformPrivateKey): WechatNotice {
    const resource = encryptWechatResource(this.keys.apiV3Key, JSON.stringify(transaction));
    const body = JSON.stringify({ id: randomBytes(8).toString('hex'), event_type: 'TRANSACTION.SUCCESS', resource });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    return {
      body,
      headers: {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': wechatSign(signingKey, timestamp, nonce, body),
        'wechatpay-serial': 'PLATFORM-SERIAL',
      },
    };
  }

  private handle(request: IncomingMessage, text: string): { status: number; body?: object } {
    const url = request.url ?? '';
    if (!this.genuine(request, url, text)) {
      this.refused.push(`${request.method} ${url}`);
      return { status: 401, body: { code: 'SIGN_ERROR', message: 'signature does not verify' } };
    }
    const body: unknown = text ? JSON.parse(text) : {};
    if (request.method === 'POST' && url === '/v3/pay/transactions/native') {
      const { out_trade_no, amount, mchid, appid } = body as {
        out_trade_no: string;
        amount: { total: number };
        mchid: string;
        appid: string;
      };
      this.orders.set(out_trade_no, { out_trade_no, trade_state: 'NOTPAY', amount, mchid, appid });
      return { status: 200, body: { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('hex')}` } };
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?/.exec(url);
    if (query) {
      const order = this.orders.get(decodeURIComponent(query[1]!));
      if (!order) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: 'no such order' } };
      if (query[2]) {
        if (order.trade_state === 'NOTPAY') order.trade_state = 'CLOSED';
        return { status: 204 };
      }
      return { status: 200, body: order };
    }
    if (request.method === 'POST' && url === '/v3/refund/domestic/refunds') {
      const refund = body as { out_trade_no: string; out_refund_no: string; amount: { refund: number } };
      this.refunds.push(refund);
      return {
        status: 200,
        body: {
          refund_id: `50000${randomBytes(6).toString('hex')}`,
          out_refund_no: refund.out_refund_no,
          status: 'PROCESSING',
        },
      };
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
      'wechatpay-serial': 'PLATFORM-SERIAL',
    };
  }
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}
