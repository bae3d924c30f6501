import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptWechatResource,
  encryptWechatResource,
  readWechatAuthorization,
  wechatAuthorization,
  wechatSign,
  wechatSignatureValid,
} from './wechat-pay-v3';
import { createVerify } from 'node:crypto';

const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('WeChat Pay API v3, as its documents define it', () => {
  it('signs a request so that the merchant public key verifies method, URL, time, nonce and body', () => {
    const merchant = keys();
    const body = JSON.stringify({ out_trade_no: 'CP1', amount: { total: 120 } });
    const header = wechatAuthorization(
      { mchId: '1900000001', serialNo: 'ABC123', privateKey: merchant.privateKey },
      { method: 'POST', url: '/v3/pay/transactions/native', body },
      1_700_000_000,
      'nonce42',
    );
    const fields = readWechatAuthorization(header)!;
    expect(fields).toMatchObject({
      mchid: '1900000001',
      serial_no: 'ABC123',
      timestamp: '1700000000',
      nonce_str: 'nonce42',
    });
    const message = `POST\n/v3/pay/transactions/native\n1700000000\nnonce42\n${body}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, fields.signature!, 'base64')).toBe(
      true,
    );
  });

  it('believes a notice signed with the platform key and nothing else', () => {
    const platform = keys();
    const body = '{"id":"EV-1"}';
    const signature = wechatSign(platform.privateKey, '1700000000', 'n1', body);
    expect(wechatSignatureValid(platform.publicKey, { timestamp: '1700000000', nonce: 'n1', signature, body })).toBe(
      true,
    );
    expect(
      wechatSignatureValid(platform.publicKey, {
        timestamp: '1700000000',
        nonce: 'n1',
        signature,
        body: '{"id":"EV-2"}',
      }),
    ).toBe(false);
    expect(wechatSignatureValid(keys().publicKey, { timestamp: '1700000000', nonce: 'n1', signature, body })).toBe(
      false,
    );
  });

  it('opens a resource sealed with the APIv3 key (AES-256-GCM), and refuses one tampered with', () => {
    const apiV3Key = randomBytes(16).toString('hex');
    const sealed = encryptWechatResource(apiV3Key, '{"out_trade_no":"CP1","trade_state":"SUCCESS"}');
    expect(JSON.parse(decryptWechatResource(apiV3Key, sealed))).toEqual({
      out_trade_no: 'CP1',
      trade_state: 'SUCCESS',
    });
    const tampered = { ...sealed, ciphertext: Buffer.from('x' + sealed.ciphertext.slice(1)).toString() };
    expect(() => decryptWechatResource(apiV3Key, tampered)).toThrow();
  });
});
