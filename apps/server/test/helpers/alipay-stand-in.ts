import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, randomBytes } from 'node:crypto';
import { postNotice, readBody, type NoticeReply } from './stand-in-http';

/** The keys a test's merchant app and the stand-in's "Alipay" share. */
export interface AlipayStandInKeys {
  appId: string;
  /** The merchant's Alipay account, named as `seller_id` in notices. */
  sellerId: string;
  /** The merchant app's public key, which Alipay checks requests with. */
  appPublicKey: string;
  /** Alipay's own private key, which signs its answers and notices. */
  alipayPrivateKey: string;
}

interface Trade {
  out_trade_no: string;
  total_amount: string;
  /** Made when the customer scans the code (precreate makes none). */
  trade_no?: string;
  trade_status?: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  notify_url: string;
}

/** The string Alipay signs (and checks): every field but `sign` (and `sign_type` for a notice), sorted, `k=v&…`. */
const signedText = (fields: Record<string, string>, without: readonly string[]) =>
  Object.keys(fields)
    .filter((key) => !without.includes(key))
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');

/**
 * A small local stand-in for Alipay's gateway (`gateway.do`; no wallet can be reached from our
 * machines): it checks every request's RSA2 signature with the merchant app's public key, as Alipay
 * does, signs each answer with its own key as the SDK expects, and posts notices signed the real way.
 */
export class AlipayStandIn {
  readonly trades = new Map<string, Trade>();
  readonly refunds: { out_trade_no: string; out_request_no: string; refund_amount: string }[] = [];
  /** Requests whose signature did not verify (a test expects none). */
  readonly refused: string[] = [];
  /** Every request's fields as the gateway read them (its `timestamp` among them). */
  readonly requests: Record<string, string>[] = [];
  private server!: Server;
  url = '';

  constructor(private readonly keys: AlipayStandInKeys) {}

  get gateway(): string {
    return `${this.url}/gateway.do`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void readBody(request).then((text) => {
        const url = new URL(request.url ?? '/', 'http://stand-in');
        const fields = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(text)) };
        this.requests.push(fields);
        const method = fields.method ?? '';
        const answer = this.answer(fields);
        const json = JSON.stringify(answer);
        const sign = createSign('RSA-SHA256').update(json).sign(this.keys.alipayPrivateKey, 'base64');
        response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        response.end(`{"${method.replaceAll('.', '_')}_response":${json},"sign":"${sign}"}`);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): void {
    this.server.close();
  }

  /** The customer scanned and paid: the trade is paid, and here is Alipay's notice of it (a form body). */
  pay(orderNo: string, totalAmount?: string): string {
    const trade = this.trades.get(orderNo);
    if (!trade) throw new Error(`no trade ${orderNo} at the stand-in`);
    Object.assign(trade, { trade_status: 'TRADE_SUCCESS', trade_no: `2026${randomBytes(8).toString('hex')}` });
    return this.notice({
      notify_type: 'trade_status_sync',
      trade_no: trade.trade_no!,
      out_trade_no: orderNo,
      total_amount: totalAmount ?? trade.total_amount,
      trade_status: 'TRADE_SUCCESS',
      seller_id: this.keys.sellerId,
    });
  }

  /** The customer paid, and Alipay posts its notice to the trade's `notify_url`: what our server answered. */
  async payAndNotify(orderNo: string): Promise<NoticeReply> {
    const body = this.pay(orderNo);
    return postNotice(
      this.trades.get(orderNo)!.notify_url,
      { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    );
  }

  /** A notice's form body with `fields`, signed by `signingKey` (Alipay's own unless a test forges one). */
  notice(fields: Record<string, string>, signingKey = this.keys.alipayPrivateKey): string {
    const all: Record<string, string> = {
      notify_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      notify_id: randomBytes(12).toString('hex'),
      app_id: this.keys.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      ...fields,
    };
    all.sign = createSign('RSA-SHA256')
      .update(signedText(all, ['sign', 'sign_type']))
      .sign(signingKey, 'base64');
    return new URLSearchParams(all).toString();
  }

  private answer(fields: Record<string, string>): Record<string, string> {
    if (!this.genuine(fields)) {
      this.refused.push(fields.method ?? '?');
      return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'sign check fail' };
    }
    const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
    const trade = this.trades.get(biz.out_trade_no ?? '');
    const noTrade = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: 'no trade' };
    switch (fields.method) {
      case 'alipay.trade.precreate':
        this.trades.set(biz.out_trade_no!, {
          out_trade_no: biz.out_trade_no!,
          total_amount: biz.total_amount!,
          notify_url: fields.notify_url ?? '',
        });
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no!,
          qr_code: `https://qr.alipay.com/bax0${randomBytes(8).toString('hex')}`,
        };
      case 'alipay.trade.query':
        if (!trade?.trade_status) return noTrade;
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: trade.out_trade_no,
          trade_no: trade.trade_no ?? '',
          trade_status: trade.trade_status,
          total_amount: trade.total_amount,
        };
      case 'alipay.trade.close':
        if (!trade?.trade_status) return noTrade;
        if (trade.trade_status === 'TRADE_SUCCESS')
          return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: 'paid' };
        trade.trade_status = 'TRADE_CLOSED';
        return { code: '10000', msg: 'Success', out_trade_no: trade.out_trade_no };
      case 'alipay.trade.refund': {
        if (!trade?.trade_no) return noTrade;
        // The same request number again is the same refund: Alipay pays back once.
        const again = this.refunds.some((r) => r.out_request_no === biz.out_request_no);
        if (!again)
          this.refunds.push({
            out_trade_no: trade.out_trade_no,
            out_request_no: biz.out_request_no!,
            refund_amount: biz.refund_amount!,
          });
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: trade.out_trade_no,
          trade_no: trade.trade_no,
          refund_fee: biz.refund_amount!,
          fund_change: again ? 'N' : 'Y',
        };
      }
      default:
        return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: fields.method ?? '' };
    }
  }

  /** Whether the merchant's app signed this request (RSA2 over every field but `sign`). */
  private genuine(fields: Record<string, string>): boolean {
    if (fields.app_id !== this.keys.appId || fields.sign_type !== 'RSA2' || !fields.sign) return false;
    return createVerify('RSA-SHA256')
      .update(signedText(fields, ['sign']))
      .verify(this.keys.appPublicKey, fields.sign, 'base64');
  }
}
