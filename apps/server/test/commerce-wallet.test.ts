import { expect, it } from 'vitest';
import { COMMERCE_CONFIG_KEYS, type PayStart } from '@cloudphone/contracts/commerce';
import { ERRORS } from '@cloudphone/contracts/errors';
import { signNotice } from '../src/providers/payments/signed-notice';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { usePhoneApp } from './helpers/phones';
import { buyOf, commerceClient, PAY } from './helpers/commerce';

const WALLET = { gatewayUrl: 'https://pay.example.com/qr', merchantId: 'M-100', key: 'wallet-key-0123456789abcdef' };

describeEachDatabase('wallet payment', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);
  const methods = async () =>
    dataOf<{ payType: string; qrCode: boolean }[]>(await t.call('GET', `${PAY}/methods`)).map((m) => m.payType);

  it('offers a wallet only once the tenant configured it', async () => {
    expect(await methods()).toEqual(['simulated', 'activation_code']);
    await t.app.repos.config.setTenantValue(t.me.tenantId, COMMERCE_CONFIG_KEYS.wechat, JSON.stringify(WALLET));
    expect(await methods()).toEqual(['simulated', 'wechat', 'activation_code']);
  });

  it('pays on the gateway’s signed notice; the pay link it shows cannot pass for one', async () => {
    await t.app.repos.config.setTenantValue(t.me.tenantId, COMMERCE_CONFIG_KEYS.wechat, JSON.stringify(WALLET));
    const { product, pkg } = await shop().packageOf('standard', 1);
    const order = await shop().placed(buyOf(product, pkg));
    const start = dataOf<PayStart>(
      await t.call('POST', `${PAY}/submit`, { payload: { orderNo: order.orderNo, payType: 'wechat' } }),
    );
    const link = new URL(start.qrCodeText!);
    expect(link.origin + link.pathname).toBe(WALLET.gatewayUrl);
    expect(link.searchParams.get('amount')).toBe(String(order.payPriceCents));

    const notify = (payload: object) => t.app.inject({ method: 'POST', url: `${PAY}/notify/wechat`, payload });
    const forged = {
      orderNo: order.orderNo,
      transactionId: WALLET.merchantId,
      amountCents: order.payPriceCents,
      sign: link.searchParams.get('sign'),
    };
    expect(codeOf(await notify(forged))).toBe(ERRORS.forbidden.code);
    expect((await shop().get(order.orderNo)).status).toBe('to_pay');

    const genuine = { orderNo: order.orderNo, transactionId: 'wx-4200001', amountCents: order.payPriceCents };
    expect(codeOf(await notify({ ...genuine, sign: signNotice(WALLET.key, genuine) }))).toBe(0);
    expect(await shop().get(order.orderNo)).toMatchObject({
      status: 'shipped',
      payType: 'wechat',
      payResult: 'success',
    });
  });
});
