import { expect, it } from 'vitest';
import { DAY_MS, ORDER_PAY_TIMEOUT_MINUTES } from '@cloudphone/contracts/commerce';
import { ERRORS } from '@cloudphone/contracts/errors';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { listPhones, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';
import { buyOf, commerceClient, ORDER } from './helpers/commerce';

describeEachDatabase('orders: buy, renew, pay, allocate, close', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);

  it('buys phones with simulated pay: the order ships and the phones appear with the grade’s hardware', async () => {
    const { product, pkg } = await shop().packageOf('standard', 7);
    const before = (await listPhones(t)).total;
    const order = await shop().placed(buyOf(product, pkg, 2));
    expect(order).toMatchObject({
      status: 'to_pay',
      payResult: 'pending',
      payPriceCents: pkg.priceCents * 2,
      deviceCount: 2,
    });

    const paid = dataOf<{ status: string; payResult: string; payType: string; userPhoneIds: number[] }>(
      await shop().simulate(order.orderNo),
    );
    expect(paid).toMatchObject({ status: 'shipped', payResult: 'success', payType: 'simulated' });
    expect(paid.userPhoneIds).toHaveLength(2);
    expect((await listPhones(t)).total).toBe(before + 2);

    const phone = (await listPhones(t)).list.find((p) => p.userPhoneId === paid.userPhoneIds[0])!;
    expect(phone.expireTime).toBe(t.clock.now() + 7 * DAY_MS);
    const [extend] = dataOf<{ cpu: string; memory: string }[]>(
      await t.call('GET', `${PHONE}/get-extend-batch?userPhoneIds=${phone.userPhoneId}`),
    );
    expect(extend).toMatchObject({ cpu: `${product.cpuCores} 核`, memory: `${product.memoryGb} GB` });
    expect((await shop().get(order.orderNo)).history.map((h) => h.status)).toEqual([
      'to_pay',
      'to_be_allocated',
      'shipped',
    ]);
  });

  it('completes a purchase beyond stock: it waits to be allocated, and the job makes the phones when stock arrives', async () => {
    const { product, pkg } = await shop().packageOf('flagship', 1);
    expect(product.stock).toBe(0);
    const quote = await shop().quoted(buyOf(product, pkg));
    expect(quote.stockShort).toBe(true);
    const paid = await shop().paid(buyOf(product, pkg));
    expect(paid).toMatchObject({ status: 'to_be_allocated', payResult: 'success', userPhoneIds: [] });

    expect(await t.app.services.fulfilment.allocateWaiting()).toBe(0);
    await t.app.repos.catalogue.setPricing(product.gradeId, { stock: 3 });
    expect(await t.app.services.fulfilment.allocateWaiting()).toBe(1);
    const shipped = await shop().get(paid.orderNo);
    expect(shipped.status).toBe('shipped');
    expect(shipped.userPhoneIds).toHaveLength(1);
    expect((await t.app.repos.catalogue.grade(t.me.tenantId, product.gradeId))?.stock).toBe(2);
  });

  it('renews a batch of phones: each expiry moves by the package duration, a trial becomes a full phone', async () => {
    const ids = await myPhoneIds(t);
    const { pkg } = await shop().packageOf('standard', 3);
    const before = new Map((await listPhones(t)).list.map((p) => [p.userPhoneId, p.expireTime]));
    const order = await shop().paid({
      skuType: 'renew',
      packageId: pkg.packageId,
      userPhoneIds: [ids[0]!, ids[3]!],
      couponId: null,
    });
    expect(order).toMatchObject({
      status: 'completed',
      skuType: 'renew',
      deviceCount: 2,
      payPriceCents: pkg.priceCents * 2,
    });
    const after = (await listPhones(t)).list;
    for (const id of [ids[0]!, ids[3]!])
      expect(after.find((p) => p.userPhoneId === id)!.expireTime).toBe(before.get(id)! + 3 * DAY_MS);
    expect(after.find((p) => p.userPhoneId === ids[3])!.trial).toBe(false);
    expect(after.find((p) => p.userPhoneId === ids[1])!.expireTime).toBe(before.get(ids[1]!));
  });

  it('renews an expired phone from now, not from its old expiry', async () => {
    const trial = (await myPhoneIds(t))[3]!;
    await t.travel(2 * DAY_MS);
    const { pkg } = await shop().packageOf('standard', 1);
    await shop().paid({ skuType: 'renew', packageId: pkg.packageId, userPhoneIds: [trial], couponId: null });
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === trial)!.expireTime).toBe(t.clock.now() + DAY_MS);
  });

  it('closes an unpaid order after its time to pay and frees its coupon', async () => {
    const { product, pkg } = await shop().packageOf('standard', 30);
    const coupon = await shop().couponNamed('满 ¥10 减 ¥5');
    const order = await shop().placed(buyOf(product, pkg, 1, coupon.couponId));
    expect((await shop().couponNamed(coupon.name)).state).toBe('in_use');
    t.clock.advance(ORDER_PAY_TIMEOUT_MINUTES * 60_000 - 1);
    expect(await t.app.services.orders.closeUnpaid()).toBe(0);
    t.clock.advance(1);
    expect(await t.app.services.orders.closeUnpaid()).toBe(1);
    expect((await shop().get(order.orderNo)).payResult).toBe('closed');
    expect((await shop().couponNamed(coupon.name)).state).toBe('unused');
    expect(codeOf(await shop().submit(order.orderNo))).toBe(ERRORS.orderNotPayable.code);
  });

  it('cancels from the simulated pay step; the order is closed and cannot be paid', async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    const order = await shop().placed(buyOf(product, pkg));
    expect(dataOf<{ status: string }>(await shop().simulate(order.orderNo, 'cancel')).status).toBe('cancelled');
    expect(codeOf(await shop().submit(order.orderNo))).toBe(ERRORS.orderNotPayable.code);
  });

  it('lists orders newest first with their states and filters by state', async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    const buy = buyOf(product, pkg);
    const first = await shop().paid(buy);
    const second = await shop().placed(buy);
    const page = dataOf<{ list: { orderNo: string; status: string }[]; total: number }>(
      await t.call('GET', `${ORDER}/page`),
    );
    expect(page.total).toBe(2);
    expect(page.list.map((o) => o.orderNo)).toEqual([second.orderNo, first.orderNo]);
    const unpaid = dataOf<{ list: { orderNo: string }[] }>(await t.call('GET', `${ORDER}/page?status=to_pay`));
    expect(unpaid.list.map((o) => o.orderNo)).toEqual([second.orderNo]);
  });

  it("answers 1524 for another user's order and refuses to renew another user's phone", async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    const order = await shop().placed(buyOf(product, pkg));
    expect(codeOf(await t.call('GET', `${ORDER}/get?orderNo=${order.orderNo}`, { token: t.other.token }))).toBe(
      ERRORS.orderNotFound.code,
    );
    expect(codeOf(await t.call('PUT', `${ORDER}/cancel?orderNo=${order.orderNo}`, { token: t.other.token }))).toBe(
      ERRORS.orderNotFound.code,
    );
    const [mine] = await myPhoneIds(t);
    const renew = { skuType: 'renew' as const, packageId: pkg.packageId, userPhoneIds: [mine!], couponId: null };
    expect(codeOf(await shop().create(renew, t.other.token))).toBe(ERRORS.phoneNotFound.code);
  });

  it('sells a trial once per account, one phone at a time, and refuses a package of another grade', async () => {
    const standard = (await shop().products()).find((p) => p.code === 'standard')!;
    const trial = standard.packages.find((p) => p.trial)!;
    const buyTrial = (deviceCount: number) => ({
      skuType: 'buy' as const,
      gradeId: standard.gradeId,
      packageId: trial.packageId,
      deviceCount,
      couponId: null,
    });
    expect(codeOf(await shop().create(buyTrial(2)))).toBe(ERRORS.packageQuantityIncorrect.code);
    const order = await shop().paid(buyTrial(1));
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === order.userPhoneIds[0])!.trial).toBe(true);
    expect(codeOf(await shop().create(buyTrial(1)))).toBe(ERRORS.trialUsed.code);

    const { product: advanced } = await shop().packageOf('advanced', 1);
    const wrong = {
      skuType: 'buy' as const,
      gradeId: advanced.gradeId,
      packageId: trial.packageId,
      deviceCount: 1,
      couponId: null,
    };
    expect(codeOf(await shop().create(wrong))).toBe(ERRORS.productNotExist.code);
  });

  it('refuses purchases when the client turned product purchase off (spec §6)', async () => {
    await t.app.repos.clientFunctions.set(Number(t.api.headers['client-id']), {
      key: 'product_buy',
      name: 'Buy',
      props: {},
      enable: false,
      sort: 0,
    });
    const { product, pkg } = await shop().packageOf('standard', 1);
    const buy = buyOf(product, pkg);
    expect(codeOf(await shop().create(buy))).toBe(ERRORS.functionDisabled.code);
  });

  it('refunds through the operator: the purchase’s phones end at once', async () => {
    const { product, pkg } = await shop().packageOf('standard', 7);
    const order = await shop().paid(buyOf(product, pkg));
    await t.app.services.refunds.refund(order.orderNo, 'customer asked');
    const refunded = await shop().get(order.orderNo);
    expect(refunded).toMatchObject({ status: 'refunded', payResult: 'refunded', remark: 'customer asked' });
    const phone = (await listPhones(t)).list.find((p) => p.userPhoneId === order.userPhoneIds[0])!;
    expect(phone.status).toBe('expired');
  });
});
