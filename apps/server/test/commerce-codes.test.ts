import { expect, it } from 'vitest';
import { DAY_MS } from '@cloudphone/contracts/commerce';
import { type ActivationResult, type Coupon } from '@cloudphone/contracts/promotion';
import { ERRORS } from '@cloudphone/contracts/errors';
import { DEMO_REDEEM_CODE } from '../src/seed/demo-commerce';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { listPhones, myPhoneIds, usePhoneApp } from './helpers/phones';
import { CODES, buyOf, commerceClient, COUPONS, PAY } from './helpers/commerce';

describeEachDatabase('activation codes, redeem codes and the gift bag', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);
  const results = async (reply: Parameters<typeof dataOf>[0]) =>
    dataOf<ActivationResult[]>(reply).map((r) => [r.code, r.state]);

  it('buys a phone with a purchase code, once; the code shows in the use record', async () => {
    const { pkg } = await shop().packageOf('standard', 3);
    const [code] = await shop().generate(pkg.packageId, 'buy', 1);
    const before = (await listPhones(t)).total;
    const [result] = dataOf<ActivationResult[]>(await shop().activate([code!], 'buy'));
    expect(result).toMatchObject({ code, state: 'success' });
    expect((await listPhones(t)).total).toBe(before + 1);
    const phone = (await listPhones(t)).list.find((p) => p.userPhoneId === result!.userPhoneIds[0])!;
    expect(phone.expireTime).toBe(t.clock.now() + 3 * DAY_MS);
    expect(await results(await shop().activate([code!], 'buy'))).toEqual([[code, 'activated']]);

    const record = dataOf<{ list: { code: string; usage: string; durationDays: number }[] }>(
      await t.call('GET', `${CODES}/record`),
    );
    expect(record.list).toEqual([
      expect.objectContaining({ code, usage: 'buy', durationDays: 3, userPhoneIds: result!.userPhoneIds }),
    ]);
  });

  it('renews a chosen phone with a renewal code by its package’s days', async () => {
    const [id] = await myPhoneIds(t);
    const { pkg } = await shop().packageOf('standard', 7);
    const [code] = await shop().generate(pkg.packageId, 'renew', 1);
    const before = (await listPhones(t)).list.find((p) => p.userPhoneId === id)!.expireTime;
    expect(await results(await shop().activate([code!], 'renew', [id!]))).toEqual([[code, 'success']]);
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)!.expireTime).toBe(before + 7 * DAY_MS);
  });

  it('answers each code its own state: not exist, case sensitive, expired, renewal or purchase only, no stock', async () => {
    const standard3 = (await shop().packageOf('standard', 3)).pkg;
    const flagship = (await shop().packageOf('flagship', 1)).pkg;
    const [renewOnly] = await shop().generate(standard3.packageId, 'renew', 1);
    const [buyOnly] = await shop().generate(standard3.packageId, 'buy', 1);
    const [lapsing] = await shop().generate(standard3.packageId, 'both', 1, 1);
    const [noStock] = await shop().generate(flagship.packageId, 'buy', 1);
    await t.travel(DAY_MS);
    const flipped = buyOnly!.replace(/[a-z]/gi, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
    expect(
      await results(await shop().activate(['NOSUCHCODE12', 'short', lapsing!, renewOnly!, noStock!, flipped], 'buy')),
    ).toEqual([
      ['NOSUCHCODE12', 'not_exist'],
      ['short', 'not_exist'],
      [lapsing, 'expired'],
      [renewOnly, 'renewal_only'],
      [noStock, 'no_stock'],
      [flipped, 'not_exist'],
    ]);
    const [id] = await myPhoneIds(t);
    expect(await results(await shop().activate([buyOnly!], 'renew', [id!]))).toEqual([[buyOnly, 'purchase_only']]);
    // The no-stock code is still unused: it works once stock arrives.
    await t.app.repos.catalogue.setPricing(flagship.gradeId, { stock: 1 });
    expect(await results(await shop().activate([noStock!], 'buy'))).toEqual([[noStock, 'success']]);
  });

  it('takes one package type per renewal batch and needs a phone to renew', async () => {
    const [id] = await myPhoneIds(t);
    const [oneDay] = await shop().generate((await shop().packageOf('standard', 1)).pkg.packageId, 'renew', 1);
    const [threeDays] = await shop().generate((await shop().packageOf('standard', 3)).pkg.packageId, 'renew', 1);
    expect(await results(await shop().activate([oneDay!, threeDays!], 'renew', [id!]))).toEqual([
      [oneDay, 'mixed_packages'],
      [threeDays, 'mixed_packages'],
    ]);
    expect(codeOf(await shop().activate([oneDay!], 'renew', []))).toBe(ERRORS.activationCodeNotBound.code);
  });

  it('refuses a renewal code of another grade for a phone (spec mismatch)', async () => {
    const [id] = await myPhoneIds(t);
    const [advanced] = await shop().generate((await shop().packageOf('advanced', 3)).pkg.packageId, 'renew', 1);
    expect(await results(await shop().activate([advanced!], 'renew', [id!]))).toEqual([[advanced, 'spec_mismatch']]);
  });

  it('pays an order of one phone with a code of its package', async () => {
    const { product, pkg } = await shop().packageOf('standard', 3);
    const order = await shop().placed(buyOf(product, pkg));
    const [other] = await shop().generate((await shop().packageOf('standard', 7)).pkg.packageId, 'buy', 1);
    const payWith = (code: string) =>
      t.call('POST', `${PAY}/activation-code`, { payload: { orderNo: order.orderNo, code } });
    expect(codeOf(await payWith(other!))).toBe(ERRORS.activationCodeSpecMismatch.code);
    const [right] = await shop().generate(pkg.packageId, 'buy', 1);
    const paid = dataOf<{ status: string; payType: string; userPhoneIds: number[] }>(await payWith(right!));
    expect(paid).toMatchObject({ status: 'shipped', payType: 'activation_code' });
    expect(paid.userPhoneIds).toHaveLength(1);
  });

  it('redeems a redeem code in either case, once, for its coupons', async () => {
    const redeem = (code: string, token?: string) => t.call('POST', `${COUPONS}/redeem`, { token, payload: { code } });
    expect(codeOf(await redeem(''))).toBe(1001);
    const coupons = dataOf<Coupon[]>(await redeem(DEMO_REDEEM_CODE.toLowerCase()));
    expect(coupons).toEqual([expect.objectContaining({ kind: 'discount', ratePercent: 90, state: 'unused' })]);
    expect(codeOf(await redeem(DEMO_REDEEM_CODE))).toBe(ERRORS.redeemCodeNotExist.code);
    expect(codeOf(await redeem(DEMO_REDEEM_CODE, t.other.token))).toBe(ERRORS.redeemCodeNotExist.code);
  });

  it('gives the gift bag once per account', async () => {
    const bag = dataOf<{ available: boolean; coupons: unknown[] }>(
      await t.call('GET', `${COUPONS}/gift-bag`, { token: t.other.token }),
    );
    expect(bag.available).toBe(true);
    const claimed = dataOf<Coupon[]>(await t.call('POST', `${COUPONS}/gift-bag/claim`, { token: t.other.token }));
    expect(claimed).toHaveLength(bag.coupons.length);
    expect(codeOf(await t.call('POST', `${COUPONS}/gift-bag/claim`, { token: t.other.token }))).toBe(
      ERRORS.giftBagClaimed.code,
    );
    expect(
      dataOf<{ available: boolean }>(await t.call('GET', `${COUPONS}/gift-bag`, { token: t.other.token })).available,
    ).toBe(false);
  });

  it('lists coupons by state: unused, in use, used and lapsed as unavailable', async () => {
    const all = await shop().coupons();
    expect(all.map((c) => c.state)).toEqual(['unused', 'unused', 'unused', 'unused']);
    await t.travel(31 * DAY_MS);
    expect((await shop().coupons('unavailable')).length).toBe(3);
  });
});
