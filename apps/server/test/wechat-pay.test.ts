import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WechatPayClient } from '../src/providers/payments/wechat-pay-client';
import { wechatSign } from '../src/providers/payments/wechat-pay-v3';
import { WechatPayStandIn } from './helpers/wechat-pay-stand-in';
import { keyPair } from './helpers/wallet-stand-ins';

const PLATFORM_KEY_ID = 'PUB_KEY_ID_0119000000012026112800000000000001';
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
      platformPublicKeyId: PLATFORM_KEY_ID,
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
        platformPublicKeyId: PLATFORM_KEY_ID,
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
        platformPublicKeyId: PLATFORM_KEY_ID,
      },
      standIn.url,
    );
    await expect(stranger.nativePay(ORDER)).rejects.toThrow(/HTTP 401/);
    expect(standIn.refused).toEqual(['POST /v3/pay/transactions/native']);
  });

  it('believes a reply or notice only from the platform key it holds, signed now, an empty reply too (issue 48)', async () => {
    await client.nativePay(ORDER);
    const notice = standIn.pay(ORDER.orderNo);
    const read = (change: Record<string, string>) =>
      client.readPaymentNotice({ ...notice.headers, ...change }, notice.body);
    expect(read({})).toBeDefined();
    // Signed by the key, but named as another: WeChat Pay names the key that signed.
    expect(read({ 'wechatpay-serial': 'PUB_KEY_ID_0119000000012026112800000000000002' })).toBeUndefined();
    // A time that is not digits is no time: NaN is never "more than five minutes ago".
    const timestamp = 'abc';
    const nonce = notice.headers['wechatpay-nonce']!;
    const resigned = {
      'wechatpay-timestamp': timestamp,
      'wechatpay-signature': wechatSign(platform.privateKey, timestamp, nonce, notice.body),
    };
    expect(read(resigned)).toBeUndefined();

    standIn.replyHeaders = { 'wechatpay-serial': 'PUB_KEY_ID_0119000000012026112800000000000002' };
    await expect(client.query(ORDER.orderNo)).rejects.toThrow(/not signed by WeChat Pay/);
    // A close answers 204 with no body: unsigned, it is not WeChat Pay's answer either.
    standIn.replyHeaders = {};
    const unpaid = { ...ORDER, orderNo: 'CP20261125003' };
    await client.nativePay(unpaid);
    standIn.replyHeaders = { 'wechatpay-signature': null, 'wechatpay-timestamp': null, 'wechatpay-nonce': null };
    await expect(client.close(unpaid.orderNo)).rejects.toThrow(/not signed by WeChat Pay/);
    standIn.replyHeaders = {};
    await client.close(unpaid.orderNo);
    expect(standIn.refused).toEqual([]);
  });
});
