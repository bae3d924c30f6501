import { type NoticeReply } from './stand-in-http';
import { type WechatTransaction } from '../../src/providers/payments/wechat-pay-v3';
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
export declare class WechatPayStandIn {
    private readonly keys;
    readonly orders: Map<string, WechatTransaction>;
    readonly refunds: {
        out_trade_no: string;
        out_refund_no: string;
        amount: {
            refund: number;
        };
        notify_url: string;
    }[];
    /** Where each order's notices go (the `notify_url` it was started with). */
    private readonly noticeUrls;
    /** Requests whose signature did not verify (a test expects none). */
    readonly refused: string[];
    private server;
    url: string;
    constructor(keys: WechatStandInKeys);
    start(): Promise<this>;
    stop(): void;
    /** The customer paid (scanned the code): the order is paid, and here is WeChat Pay's notice of it. */
    pay(orderNo: string, amountCents?: number): WechatNotice;
    /** The customer paid, and WeChat Pay posts its notice to the order's `notify_url`: what our server answered. */
    payAndNotify(orderNo: string): Promise<NoticeReply>;
    /** A refund went through, and WeChat Pay posts its notice (REFUND.SUCCESS). */
    settleRefund(refundNo: string): Promise<NoticeReply>;
    /** A notice of `transaction`, as WeChat Pay sends it: the resource sealed, the whole body signed. */
    notice(transaction: object, signingKey?: string, eventType?: string): WechatNotice;
    private handle;
    /** Whether the merchant signed this request (method, URL, time, nonce, body) with the key WeChat Pay knows. */
    private genuine;
    private sign;
}
