import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WechatPayClient } from '../src/providers/payments/wechat-pay-client';
import { WechatPayStandIn } from './helpers/wechat-pay-stand-in';
import { keyPair } from './helpers/wallet-stand-ins';

const ORDER = {
  orderNo: 'CP20261125001',
  amountCents: 120,
  description: 'Cloud phone · 1 day',
  notifyUrl: 'https://shop.example/notify',
};

/** WeChat Pay API v3 against a stand-in that checks our requests with the real algorithms (issue 25). */
describe('WeChat Pay, API v3', () => {
  const merchant = keyPair();
  const platform = keyPair();
  const apiV3Key = randomBytes(16).toString('hex');
  let standIn: WechatPayStandIn;
  let client: WechatPayClient;

  beforeEach(async () => {
    standIn = await new WechatPayStandIn({
      mchId: '1900000001',
      serialNo: 'MERCHANT-SERIAL',
      merchantPublicKey: merchant.publicKey,
      platformPrivateKey: platform.privateKey,
      apiV3Key,
    }).start();
    client = new WechatPayClient(
      {
        mchId: '1900000001',
        appId: 'wx0000000000000001',
        serialNo: 'MERCHANT-SERIAL',
        privateKey: merchant.privateKey,
        apiV3Key,
        platformPublicKey: platform.publicKey,
      },
      standIn.url,
    );
  });
  afterEach(() => standIn.stop());

  it('starts Native pay with a signed request and believes only a notice WeChat Pay signed and sealed', async () => {
    expect(await client.nativePay(ORDER)).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(standIn.orders.get(ORDER.orderNo)).toMatchObject({ trade_state: 'NOTPAY', amount: { total: 120 } });
    const notice = standIn.pay(ORDER.orderNo);
    expect(client.readPaymentNotice(notice.headers, notice.body)).toEqual({
      orderNo: ORDER.orderNo,
      transactionId: standIn.orders.get(ORDER.orderNo)!.transaction_id,
      amountCents: 120,
    });
    // Signed with another key, or changed after signing: not WeChat Pay's.
    const forged = standIn.notice(standIn.orders.get(ORDER.orderNo)!, keyPair().privateKey);
    expect(client.readPaymentNotice(forged.headers, forged.body)).toBeUndefined();
    expect(client.readPaymentNotice(notice.headers, notice.body.replace('TRANSACTION', 'TRANSACTIOM'))).toBeUndefined();
    expect(standIn.refused).toEqual([]);
  });

  it('finds a payment whose notice was lost, closes an unpaid order and pays one back', async () => {
    await client.nativePay(ORDER);
    await client.nativePay({ ...ORDER, orderNo: 'CP20261125002' });
    standIn.pay(ORDER.orderNo); // its notice never arrives
    expect(await client.query(ORDER.orderNo)).toMatchObject({ trade_state: 'SUCCESS', amount: { total: 120 } });
    await client.close('CP20261125002');
    expect((await client.query('CP20261125002')).trade_state).toBe('CLOSED');
    const refund = await client.refund({
      orderNo: ORDER.orderNo,
      refundNo: 'RF20261125001',
      refundCents: 120,
      totalCents: 120,
      reason: 'Refunded by the merchant',
      notifyUrl: 'https://shop.example/refund-notify',
    });
    expect(refund).toMatchObject({ out_refund_no: 'RF20261125001', status: 'PROCESSING' });
    expect(standIn.refunds).toEqual([
      expect.objectContaining({ out_trade_no: ORDER.orderNo, amount: expect.objectContaining({ refund: 120 }) }),
    ]);
    expect(standIn.refused).toEqual([]);
  });

  it('is refused by WeChat Pay when it signs with a key that is not the merchant’s', async () => {
    const stranger = new WechatPayClient(
      {
        mchId: '1900000001',
        appId: 'wx1',
        serialNo: 'MERCHANT-SERIAL',
        privateKey: keyPair().privateKey,
        apiV3Key,
        platformPublicKey: platform.publicKey,
      },
      standIn.url,
    );
    await expect(stranger.nativePay(ORDER)).rejects.toThrow(/HTTP 401/);
    expect(standIn.refused).toEqual(['POST /v3/pay/transactions/native']);
  });
});
