import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

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
  /** That key's id (`PUB_KEY_ID_…`): the `Wechatpay-Serial` of every reply and notice it signed. */
  platformPublicKeyId: string;
}

export const WECHAT_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** The `Authorization` header of a request: RSA-SHA256 over method, URL, time, nonce and body, one per line. */
export function wechatAuthorization(
  merchant: Pick<WechatPayMerchant, 'mchId' | 'serialNo' | 'privateKey'>,
  request: { method: string; url: string; body: string },
  timestamp = Math.floor(Date.now() / 1000),
  nonce = randomBytes(16).toString('hex'),
): string {
  const message = `${request.method.toUpperCase()}\n${request.url}\n${timestamp}\n${nonce}\n${request.body}\n`;
  const signature = createSign('RSA-SHA256').update(message).sign(merchant.privateKey, 'base64');
  return `${WECHAT_AUTH_SCHEMA} mchid="${merchant.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`;
}

/** The fields of an `Authorization` header, for whoever checks it (the test's stand-in does). */
export function readWechatAuthorization(header: string): Record<string, string> | undefined {
  if (!header.startsWith(`${WECHAT_AUTH_SCHEMA} `)) return undefined;
  const fields: Record<string, string> = {};
  for (const [, key, value] of header.slice(WECHAT_AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[key!] = value!;
  return fields;
}

/** The signature WeChat Pay puts on a reply or a notice: over time, nonce and body. */
export interface WechatSignedBody {
  timestamp: string;
  nonce: string;
  signature: string;
  body: string;
}

/** Whether WeChat Pay signed this body (its `Wechatpay-Signature` header), with its platform public key. */
export function wechatSignatureValid(platformPublicKey: string, signed: WechatSignedBody): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(`${signed.timestamp}\n${signed.nonce}\n${signed.body}\n`)
      .verify(platformPublicKey, signed.signature, 'base64');
  } catch {
    return false;
  }
}

/** Signs a body as WeChat Pay does (the test's stand-in signs its notices with it). */
export function wechatSign(privateKey: string, timestamp: string, nonce: string, body: string): string {
  return createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(privateKey, 'base64');
}

/** A notice's encrypted resource: AES-256-GCM with the APIv3 key; the tag is the ciphertext's last 16 bytes. */
export interface WechatResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

export function decryptWechatResource(apiV3Key: string, resource: WechatResource): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** Encrypts a resource as WeChat Pay does (the test's stand-in sends its notices so). */
export function encryptWechatResource(
  apiV3Key: string,
  plaintext: string,
  associatedData = 'transaction',
): WechatResource {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ciphertext.toString('base64'),
    nonce,
    associated_data: associatedData,
  };
}

/** What a payment notice's resource (or an order query) says of a transaction. */
export interface WechatTransaction {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
  amount?: { total: number; currency?: string };
  mchid?: string;
  appid?: string;
}
