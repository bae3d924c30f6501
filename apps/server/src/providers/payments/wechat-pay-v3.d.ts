/**
 * WeChat Pay API v3's own protocol (pay.weixin.qq.com/doc/v3), written with Node's crypto rather than a
 * library: it is three small algorithms — a request signature, a notice signature and an AES-256-GCM
 * envelope — and the maintained libraries (`wechatpay-node-v3`, `wechatpay-axios-plugin`) bring an HTTP
 * client and certificate downloading we do not want between us and the wallet.
 */
/** A merchant's WeChat Pay settings (per client, from the admin CLI). */
export interface WechatPayMerchant {
    /** 商户号 */
    mchId: string;
    /** The app id the payments are made under (公众号 / 移动应用). */
    appId: string;
    /** The serial number of the merchant's API certificate. */
    serialNo: string;
    /** The merchant's API private key (PEM). */
    privateKey: string;
    /** The APIv3 key: 32 characters that encrypt notices' resources. */
    apiV3Key: string;
    /** WeChat Pay's platform public key (PEM), which signs its replies and notices. */
    platformPublicKey: string;
}
export declare const WECHAT_AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048";
/** The `Authorization` header of a request: RSA-SHA256 over method, URL, time, nonce and body, one per line. */
export declare function wechatAuthorization(merchant: Pick<WechatPayMerchant, 'mchId' | 'serialNo' | 'privateKey'>, request: {
    method: string;
    url: string;
    body: string;
}, timestamp?: number, nonce?: string): string;
/** The fields of an `Authorization` header, for whoever checks it (the test's stand-in does). */
export declare function readWechatAuthorization(header: string): Record<string, string> | undefined;
/** The signature WeChat Pay puts on a reply or a notice: over time, nonce and body. */
export interface WechatSignedBody {
    timestamp: string;
    nonce: string;
    signature: string;
    body: string;
}
/** Whether WeChat Pay signed this body (its `Wechatpay-Signature` header), with its platform public key. */
export declare function wechatSignatureValid(platformPublicKey: string, signed: WechatSignedBody): boolean;
/** Signs a body as WeChat Pay does (the test's stand-in signs its notices with it). */
export declare function wechatSign(privateKey: string, timestamp: string, nonce: string, body: string): string;
/** A notice's encrypted resource: AES-256-GCM with the APIv3 key; the tag is the ciphertext's last 16 bytes. */
export interface WechatResource {
    algorithm: 'AEAD_AES_256_GCM';
    ciphertext: string;
    nonce: string;
    associated_data?: string;
}
export declare function decryptWechatResource(apiV3Key: string, resource: WechatResource): string;
/** Encrypts a resource as WeChat Pay does (the test's stand-in sends its notices so). */
export declare function encryptWechatResource(apiV3Key: string, plaintext: string, associatedData?: string): WechatResource;
/** What a payment notice's resource (or an order query) says of a transaction. */
export interface WechatTransaction {
    out_trade_no: string;
    transaction_id?: string;
    trade_state: 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
    amount?: {
        total: number;
        currency?: string;
    };
    mchid?: string;
    appid?: string;
}
