import { createVerify } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Order, PayStart } from '@cloudphone/contracts/commerce';
import { ORDER_PAY_TIMEOUT_MINUTES } from '@cloudphone/contracts/commerce';
import { WALLET_SETTING_KEYS } from '../src/providers/payments/wallet-settings';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { listPhones, usePhoneApp, type PhoneContext } from './helpers/phones';
import { buyOf, commerceClient, PAY } from './helpers/commerce';
import type { WechatPayStandIn } from './helpers/wechat-pay-stand-in';
import type { AlipayStandIn } from './helpers/alipay-stand-in';
import { keyPair, startWalletStandIns, WALLET_IDS, type WalletStandIns } from './helpers/wallet-stand-ins';

// The merchant's keys and each wallet's own, made once: what a merchant downloads from each wallet.
const keys = { merchant: keyPair(), wechatPlatform: keyPair(), alipayKeys: keyPair() };
const { merchant } = keys;
const stranger = keyPair();
const DESKTOP = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' };
const IN_WECHAT = { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.50' };

/** Posts a wallet's notice to the address our server gave it, as the wallet does. */
async function deliver(t: PhoneContext, noticeUrl: string, headers: Record<string, string>, body: string) {
  const reply = await t.app.inject({ method: 'POST', url: new URL(noticeUrl).pathname, headers, payload: body });
  return { status: reply.statusCode, body: reply.body };
}

describeEachDatabase('real wallets (issue 25)', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);
  let wallets: WalletStandIns;
  let wechat: WechatPayStandIn;
  let alipay: AlipayStandIn;

  beforeEach(async () => {
    wallets = await startWalletStandIns(keys);
    ({ wechat, alipay } = wallets);
    // What `pay:wechat` and `pay:alipay` keep for the demo client.
    const client = (await t.app.repos.clients.findByClientNo('demo'))!;
    const settings = {
      wechat: {
        mchId: WALLET_IDS.mchId,
        appId: WALLET_IDS.wechatAppId,
        serialNo: WALLET_IDS.serialNo,
        privateKey: merchant.privateKey,
        apiV3Key: wallets.apiV3Key,
        platformPublicKey: keys.wechatPlatform.publicKey,
        platformPublicKeyId: WALLET_IDS.platformPublicKeyId,
        api: wechat.url,
        appSecret: 'official-account-secret',
        oauthApi: wechat.url,
      },
      alipay: {
        appId: WALLET_IDS.alipayAppId,
        privateKey: merchant.privateKey,
        alipayPublicKey: keys.alipayKeys.publicKey,
        sellerId: WALLET_IDS.alipaySellerId,
        gateway: alipay.gateway,
      },
    };
    for (const wallet of ['wechat', 'alipay'] as const)
      await t.app.repos.config.setClientValue(client.id, WALLET_SETTING_KEYS[wallet], JSON.stringify(settings[wallet]));
  });
  afterEach(() => {
    expect(wechat.refused).toEqual([]);
    expect(alipay.refused).toEqual([]);
    wallets.stop();
  });

  const placeOrder = async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    return shop().placed(buyOf(product, pkg));
  };
  const startPay = async (orderNo: string, payType: 'wechat' | 'alipay', headers = DESKTOP) =>
    dataOf<PayStart>(await t.call('POST', `${PAY}/submit`, { payload: { orderNo, payType }, headers }));
  const methods = async (headers: Record<string, string>) =>
    dataOf<{ payType: string }[]>(await t.call('GET', `${PAY}/methods`, { headers })).map((m) => m.payType);

  it('offers the wallets where the page is open, and pays an order once on WeChat Pay’s genuine notice', async () => {
    expect(await methods(DESKTOP)).toEqual(['simulated', 'wechat', 'alipay', 'activation_code']);
    expect(await methods(IN_WECHAT)).toEqual(['simulated', 'wechat', 'activation_code']);

    const order = await placeOrder();
    expect((await startPay(order.orderNo, 'wechat')).qrCodeText).toMatch(/^weixin:\/\/wxpay\/bizpayurl/);
    const noticeUrl = `http://127.0.0.1/api/trade/pay/notify/wechat/demo`;

    // Forged (another key) and short (a smaller amount, genuinely signed): refused, nothing changes.
    wechat.orders.get(order.orderNo)!.trade_state = 'SUCCESS';
    const paidAt = { ...wechat.orders.get(order.orderNo)!, transaction_id: '4200000001' };
    const forged = wechat.notice(paidAt, stranger.privateKey);
    expect((await deliver(t, noticeUrl, forged.headers, forged.body)).status).toBe(400);
    const short = wechat.notice({ ...paidAt, amount: { total: 1, currency: 'CNY' } });
    expect((await deliver(t, noticeUrl, short.headers, short.body)).status).toBe(400);
    expect((await shop().get(order.orderNo)).status).toBe('to_pay');

    // The genuine notice pays it; the same notice again (WeChat Pay retrying) changes nothing.
    const genuine = wechat.pay(order.orderNo);
    for (let i = 0; i < 2; i++) expect((await deliver(t, noticeUrl, genuine.headers, genuine.body)).status).toBe(204);
    const paid = await shop().get(order.orderNo);
    expect(paid).toMatchObject({ status: 'shipped', payType: 'wechat', payResult: 'success' });
    expect(paid.history.filter((h) => h.status === 'to_be_allocated')).toHaveLength(1);
    expect(paid.userPhoneIds).toHaveLength(1);

    // The admin CLI's refund reaches WeChat Pay signed, ends the phone, and its notice settles it.
    await t.app.services.refunds.refund(order.orderNo, 'customer asked');
    expect(wechat.refunds).toEqual([
      expect.objectContaining({ out_trade_no: order.orderNo, amount: expect.objectContaining({ refund: 120 }) }),
    ]);
    const phone = (await listPhones(t)).list.find((p) => p.userPhoneId === paid.userPhoneIds[0])!;
    expect(phone.status).toBe('expired');
    expect((await shop().get(order.orderNo)).payResult).toBe('refunded');
    const refundNo = wechat.refunds[0]!.out_refund_no;
    const refundNotice = wechat.notice(
      { out_trade_no: order.orderNo, out_refund_no: refundNo, refund_id: '5000001', refund_status: 'SUCCESS' },
      undefined,
      'REFUND.SUCCESS',
    );
    expect((await deliver(t, noticeUrl, refundNotice.headers, refundNotice.body)).status).toBe(204);
    expect(await t.app.repos.payments.refund(refundNo)).toMatchObject({
      status: 'success',
      providerRefundId: '5000001',
    });
  });

  it('pays by JSAPI inside WeChat: its sign-in names the customer, the bridge gets a payment signed by the merchant', async () => {
    const order = await placeOrder();
    const returnUrl = `https://shop.example/app/payment/demo?orderNo=${order.orderNo}`;
    const submit = (wechatCode?: string) =>
      t.call('POST', `${PAY}/submit`, {
        payload: { orderNo: order.orderNo, payType: 'wechat', returnUrl, wechatCode },
        headers: IN_WECHAT,
      });
    const signIn = new URL(dataOf<PayStart>(await submit()).payUrl!);
    expect(signIn.origin + signIn.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(signIn.searchParams.get('redirect_uri')).toBe(returnUrl);
    expect(signIn.searchParams.get('scope')).toBe('snsapi_base');

    const { jsapi } = dataOf<PayStart>(await submit(wechat.signIn('o-customer-1')));
    expect(wechat.payers.get(order.orderNo)).toBe('o-customer-1');
    expect(jsapi).toMatchObject({
      appId: 'wx0000000000000001',
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=/),
    });
    const signed = `${jsapi!.appId}\n${jsapi!.timeStamp}\n${jsapi!.nonceStr}\n${jsapi!.package}\n`;
    expect(createVerify('RSA-SHA256').update(signed).verify(merchant.publicKey, jsapi!.paySign, 'base64')).toBe(true);
    // A code is good once: WeChat's sign-in refuses it again, and so do we.
    expect(codeOf(await submit('used-or-forged'))).not.toBe(0);
  });

  it('pays on Alipay’s genuine notice, and refuses a forged one', async () => {
    const order = await placeOrder();
    expect((await startPay(order.orderNo, 'alipay')).qrCodeText).toMatch(/^https:\/\/qr\.alipay\.com\//);
    // Alipay reads a request's time as Beijing time, whatever the server's own zone (issue 48).
    const sent = new Date(`${alipay.requests.at(-1)!.timestamp!.replace(' ', 'T')}+08:00`).getTime();
    expect(Math.abs(sent - Date.now())).toBeLessThan(60_000);
    const noticeUrl = alipay.trades.get(order.orderNo)!.notify_url;
    expect(noticeUrl).toBe('http://127.0.0.1/api/trade/pay/notify/alipay/demo');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    const genuine = alipay.pay(order.orderNo);
    const fields = Object.fromEntries(new URLSearchParams(genuine));
    const forged = alipay.notice(fields, stranger.privateKey);
    expect(await deliver(t, noticeUrl, form, forged)).toEqual({ status: 200, body: 'fail' });
    // Signed by Alipay, but of another seller's trade (issue 48).
    const otherSeller = alipay.notice({ ...fields, seller_id: '2088999999999999' });
    expect(await deliver(t, noticeUrl, form, otherSeller)).toEqual({ status: 200, body: 'fail' });
    expect((await shop().get(order.orderNo)).status).toBe('to_pay');
    expect(await deliver(t, noticeUrl, form, genuine)).toEqual({ status: 200, body: 'success' });
    expect(await shop().get(order.orderNo)).toMatchObject({ status: 'shipped', payType: 'alipay' });
  });

  it('finds a payment whose notice was lost, and closes a timed-out order at the wallet before here', async () => {
    const lost = await placeOrder();
    const unpaid = await placeOrder();
    await startPay(lost.orderNo, 'alipay');
    await startPay(unpaid.orderNo, 'wechat');
    alipay.pay(lost.orderNo); // its notice never arrives
    wechat.orders.get(unpaid.orderNo)!; // never paid

    // Not asked at once: the customer may still be paying.
    expect(await t.app.services.payments.settle()).toBe(0);
    t.clock.advance(3 * 60_000);
    expect(await t.app.services.payments.settle()).toBe(1);
    expect(await shop().get(lost.orderNo)).toMatchObject({ status: 'shipped', payType: 'alipay' });
    expect((await shop().get(unpaid.orderNo)).status).toBe('to_pay');

    await t.travel(ORDER_PAY_TIMEOUT_MINUTES * 60_000);
    // Read before the job: still unpaid here, as the wallet has not closed it yet.
    expect((await shop().get(unpaid.orderNo)).status).toBe('to_pay');
    expect(await t.app.services.payments.settle()).toBe(1);
    expect(wechat.orders.get(unpaid.orderNo)!.trade_state).toBe('CLOSED');
    expect((await shop().get(unpaid.orderNo)).status).toBe('payment_closed');
  });

  it('pays back a payment that lands on an order no longer unpaid', async () => {
    const order: Order = await placeOrder();
    await startPay(order.orderNo, 'alipay');
    const late = alipay.pay(order.orderNo);
    // Paid by simulated pay meanwhile: the Alipay payment is one too many.
    expect(codeOf(await shop().simulate(order.orderNo))).toBe(0);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await deliver(t, alipay.trades.get(order.orderNo)!.notify_url, form, late)).body).toBe('success');
    expect(alipay.refunds).toEqual([expect.objectContaining({ out_trade_no: order.orderNo, refund_amount: '1.20' })]);
    expect((await shop().get(order.orderNo)).payType).toBe('simulated');
  });
});
