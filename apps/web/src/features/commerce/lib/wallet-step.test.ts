import { describe, expect, it } from 'vitest';
import type { PayStart } from '@cloudphone/contracts/commerce';
import { walletStep } from './wallet-step';

const start: PayStart = {
  orderNo: 'CP1',
  payType: 'wechat',
  simulateToken: null,
  payUrl: 'https://wallet.example/pay?o=CP1',
  qrCodeText: 'weixin://pay/CP1',
  jsapi: null,
};
const wechat = { payType: 'wechat' as const, qrCode: true };

describe('the wallet step of a payment', () => {
  it('opens the wallet page on a phone', () => {
    expect(walletStep(start, wechat, true)).toEqual({ kind: 'open', url: start.payUrl });
  });

  it('shows a QR code to scan on a large screen', () => {
    expect(walletStep(start, wechat, false)).toEqual({ kind: 'qr', text: 'weixin://pay/CP1' });
  });

  it('opens the page on a large screen when the method has no QR code, and shows a lone QR code anywhere', () => {
    expect(walletStep(start, { ...wechat, qrCode: false }, false)).toEqual({ kind: 'open', url: start.payUrl });
    expect(walletStep({ ...start, payUrl: null }, wechat, true)).toEqual({ kind: 'qr', text: 'weixin://pay/CP1' });
    expect(walletStep({ ...start, payUrl: null, qrCodeText: null }, wechat, true)).toEqual({ kind: 'wait' });
  });

  it('hands a JSAPI payment to WeChat’s own pay sheet', () => {
    const jsapi = {
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=wx1',
      signType: 'RSA' as const,
      paySign: 's',
    };
    expect(walletStep({ ...start, payUrl: null, qrCodeText: null, jsapi }, wechat, true)).toEqual({
      kind: 'jsapi',
      payment: jsapi,
    });
  });
});
