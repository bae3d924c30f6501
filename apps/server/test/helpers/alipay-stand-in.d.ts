import { type NoticeReply } from './stand-in-http';
/** The keys a test's merchant app and the stand-in's "Alipay" share. */
export interface AlipayStandInKeys {
    appId: string;
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
/**
 * A small local stand-in for Alipay's gateway (`gateway.do`; no wallet can be reached from our
 * machines): it checks every request's RSA2 signature with the merchant app's public key, as Alipay
 * does, signs each answer with its own key as the SDK expects, and posts notices signed the real way.
 */
export declare class AlipayStandIn {
    private readonly keys;
    readonly trades: Map<string, Trade>;
    readonly refunds: {
        out_trade_no: string;
        out_request_no: string;
        refund_amount: string;
    }[];
    /** Requests whose signature did not verify (a test expects none). */
    readonly refused: string[];
    private server;
    url: string;
    constructor(keys: AlipayStandInKeys);
    get gateway(): string;
    start(): Promise<this>;
    stop(): void;
    /** The customer scanned and paid: the trade is paid, and here is Alipay's notice of it (a form body). */
    pay(orderNo: string, totalAmount?: string): string;
    /** The customer paid, and Alipay posts its notice to the trade's `notify_url`: what our server answered. */
    payAndNotify(orderNo: string): Promise<NoticeReply>;
    /** A notice's form body with `fields`, signed by `signingKey` (Alipay's own unless a test forges one). */
    notice(fields: Record<string, string>, signingKey?: string): string;
    private answer;
    /** Whether the merchant's app signed this request (RSA2 over every field but `sign`). */
    private genuine;
}
export {};
