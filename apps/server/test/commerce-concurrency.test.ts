import { expect, it } from 'vitest';
import type { ActivationResult } from '@cloudphone/contracts/promotion';
import { DAY_MS } from '@cloudphone/contracts/commerce';
import { ERRORS } from '@cloudphone/contracts/errors';
import { signNotice } from '../src/providers/payments/signed-notice';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { listPhones, myPhoneIds, usePhoneApp } from './helpers/phones';
import { buyOf, commerceClient, ORDER, PAY } from './helpers/commerce';

describeEachDatabase('commerce under concurrency', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);

  it('lets exactly one of 50 parallel redemptions of one code succeed', async () => {
    const { pkg } = await shop().packageOf('standard', 3);
    const [code] = await shop().generate(pkg.packageId, 'buy', 1);
    const before = (await listPhones(t)).total;
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => shop().activate([code!], 'buy', [], i % 2 ? t.other.token : undefined)),
    );
    const states = replies.map((r) => dataOf<ActivationResult[]>(r)[0]!.state);
    expect(states.filter((s) => s === 'success')).toHaveLength(1);
    expect(states.filter((s) => s === 'activated')).toHaveLength(49);
    const mine = (await listPhones(t)).total - before;
    const theirs = (await listPhones(t, '', { token: t.other.token })).total;
    expect(mine + theirs).toBe(1);
  });

  it('moves an order to paid once and makes one set of phones for 20 parallel payment notices', async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    const order = await shop().placed(buyOf(product, pkg, 2));
    const before = (await listPhones(t)).total;
    const key = t.app.services.simulatedPay.key;
    const notices = Array.from({ length: 20 }, (_, i) => {
      // Half repeat one transaction (a provider retrying), half are distinct payments racing.
      const notice = {
        orderNo: order.orderNo,
        transactionId: `tx-${i < 10 ? 0 : i}`,
        amountCents: order.payPriceCents,
      };
      return { ...notice, sign: signNotice(key, notice) };
    });
    const replies = await Promise.all(
      notices.map((payload) => t.app.inject({ method: 'POST', url: `${PAY}/notify/simulated`, payload })),
    );
    for (const reply of replies) expect(codeOf(reply)).toBe(0);
    const paid = await shop().get(order.orderNo);
    expect(paid.history.map((h) => h.status)).toEqual(['to_pay', 'to_be_allocated', 'shipped']);
    expect(paid.userPhoneIds).toHaveLength(2);
    expect((await listPhones(t)).total).toBe(before + 2);
  });

  it('refuses a notice with a wrong signature or amount, and the order stays unpaid', async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    const order = await shop().placed(buyOf(product, pkg));
    const notice = { orderNo: order.orderNo, transactionId: 'tx-forged', amountCents: order.payPriceCents };
    const forged = await t.app.inject({
      method: 'POST',
      url: `${PAY}/notify/simulated`,
      payload: { ...notice, sign: 'f'.repeat(64) },
    });
    expect(codeOf(forged)).toBe(ERRORS.forbidden.code);
    const cheap = { ...notice, amountCents: 1 };
    const short = await t.app.inject({
      method: 'POST',
      url: `${PAY}/notify/simulated`,
      payload: { ...cheap, sign: signNotice(t.app.services.simulatedPay.key, cheap) },
    });
    expect(codeOf(short)).toBe(ERRORS.operationFailed.code);
    expect((await shop().get(order.orderNo)).status).toBe('to_pay');
  });

  it('gives a coupon offered to two parallel orders to only one of them', async () => {
    const { product, pkg } = await shop().packageOf('standard', 30);
    const coupon = await shop().couponNamed('八折，最高减 ¥10');
    const buy = buyOf(product, pkg, 1, coupon.couponId);
    const replies = await Promise.all([shop().create(buy), shop().create(buy), shop().create(buy)]);
    const codes = replies.map(codeOf).sort();
    expect(codes).toEqual([0, ERRORS.couponNotAvailable.code, ERRORS.couponNotAvailable.code]);
    expect((await shop().couponNamed(coupon.name)).state).toBe('in_use');
  });

  it('places one order for repeated placements with one Idempotency-Key, even in parallel', async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    const payload = buyOf(product, pkg);
    const place = () => t.call('POST', `${ORDER}/create`, { payload, headers: { 'idempotency-key': 'checkout-1' } });
    const replies = await Promise.all([place(), place(), place(), place(), place()]);
    const orderNos = new Set(replies.map((r) => dataOf<{ orderNo: string }>(r).orderNo));
    expect(orderNos.size).toBe(1);
    expect(dataOf<{ total: number }>(await t.call('GET', `${ORDER}/page`)).total).toBe(1);
    expect(codeOf(await t.call('POST', `${ORDER}/create`, { payload }))).toBe(0);
    expect(dataOf<{ total: number }>(await t.call('GET', `${ORDER}/page`)).total).toBe(2);
  });

  it('makes one set of phones when allocation runs twice at once for a waiting purchase', async () => {
    const { product, pkg } = await shop().packageOf('flagship', 1);
    const paid = await shop().paid(buyOf(product, pkg, 2));
    expect(paid.status).toBe('to_be_allocated');
    await t.app.repos.catalogue.setPricing(product.gradeId, { stock: 4 });
    const before = (await listPhones(t)).total;
    const fulfilment = t.app.services.fulfilment;
    expect(
      (await Promise.all([fulfilment.allocateWaiting(), fulfilment.allocateWaiting()])).reduce((a, b) => a + b),
    ).toBe(1);
    expect((await listPhones(t)).total).toBe(before + 2);
    expect((await shop().get(paid.orderNo)).userPhoneIds).toHaveLength(2);
    expect((await t.app.repos.catalogue.grade(t.me.tenantId, product.gradeId))?.stock).toBe(2);
  });

  it('counts both of two renewals of one phone paid at once', async () => {
    const [id] = await myPhoneIds(t);
    const before = (await listPhones(t)).list.find((p) => p.userPhoneId === id)!.expireTime;
    const { pkg } = await shop().packageOf('standard', 3);
    const renew = { skuType: 'renew' as const, packageId: pkg.packageId, userPhoneIds: [id!], couponId: null };
    const [a, b] = [await shop().placed(renew), await shop().placed(renew)];
    await Promise.all([shop().simulate(a.orderNo), shop().simulate(b.orderNo)]);
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)!.expireTime).toBe(before + 6 * DAY_MS);
  });

  it('places one of two trial orders at once', async () => {
    const standard = (await shop().products()).find((p) => p.code === 'standard')!;
    const trial = standard.packages.find((p) => p.trial)!;
    const buy = {
      skuType: 'buy' as const,
      gradeId: standard.gradeId,
      packageId: trial.packageId,
      deviceCount: 1,
      couponId: null,
    };
    const codes = (await Promise.all([shop().create(buy), shop().create(buy), shop().create(buy)])).map(codeOf).sort();
    expect(codes).toEqual([0, ERRORS.trialUsed.code, ERRORS.trialUsed.code]);
  });

  it('marks an order paid after it closed for a refund, and leaves it closed', async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    const order = await shop().placed(buyOf(product, pkg));
    await t.call('PUT', `${ORDER}/cancel?orderNo=${order.orderNo}`);
    const notice = { orderNo: order.orderNo, transactionId: 'tx-late', amountCents: order.payPriceCents };
    const sign = signNotice(t.app.services.simulatedPay.key, notice);
    expect(
      codeOf(await t.app.inject({ method: 'POST', url: `${PAY}/notify/simulated`, payload: { ...notice, sign } })),
    ).toBe(0);
    const closed = await shop().get(order.orderNo);
    expect(closed.status).toBe('cancelled');
    expect(closed.remark).toMatch(/refund due/);
    expect(closed.userPhoneIds).toEqual([]);
  });
});
