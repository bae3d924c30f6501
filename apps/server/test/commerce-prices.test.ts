import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@cloudphone/contracts/commerce';
import { couponDiscount } from '@cloudphone/contracts/promotion';
import { ERRORS } from '@cloudphone/contracts/errors';
import { priceWithCoupon, upgradePrice } from '../src/services/commerce/pricing';
import type { CouponRow } from '../src/repositories/coupon.repository';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { listPhones, myPhoneIds, usePhoneApp } from './helpers/phones';
import { commerceClient, ORDER } from './helpers/commerce';

const coupon = (c: Partial<CouponRow>): CouponRow => ({
  id: 1,
  tenantId: 1,
  userId: 1,
  kind: 'cash',
  name: { 'zh-CN': 'c', 'en-US': 'c' },
  amountCents: 0,
  ratePercent: 100,
  maxDiscountCents: 0,
  extensionDays: 0,
  minAmountCents: 0,
  validFrom: 0,
  validUntil: Number.MAX_SAFE_INTEGER,
  status: 'unused',
  orderId: null,
  ...c,
});

describe('prices', () => {
  it('prices an upgrade as the difference in day price over the whole days left', () => {
    expect(upgradePrice(10 * DAY_MS + 5 * 3_600_000, 100, 400)).toEqual({ remainingDays: 10, priceCents: 3000 });
    expect(upgradePrice(DAY_MS - 1, 100, 400)).toEqual({ remainingDays: 0, priceCents: 0 });
  });

  it('takes a percentage off up to the maximum discount', () => {
    const twentyOffUpTo10 = coupon({ kind: 'discount', ratePercent: 80, maxDiscountCents: 1000 });
    expect(couponDiscount(twentyOffUpTo10, 2000)).toBe(400);
    expect(couponDiscount(twentyOffUpTo10, 10_000)).toBe(1000);
    expect(priceWithCoupon(10_000, 30, twentyOffUpTo10)).toEqual({
      originalPriceCents: 10_000,
      discountCents: 1000,
      payPriceCents: 9000,
      durationDays: 30,
    });
    expect(couponDiscount(coupon({ kind: 'discount', ratePercent: 80 }), 10_000)).toBe(2000);
  });

  it('takes cash off, never below zero, and adds an extension coupon’s days without changing the price', () => {
    expect(priceWithCoupon(300, 3, coupon({ kind: 'cash', amountCents: 500 })).payPriceCents).toBe(0);
    expect(priceWithCoupon(300, 3, coupon({ kind: 'extension', extensionDays: 3 }))).toEqual({
      originalPriceCents: 300,
      discountCents: 0,
      payPriceCents: 300,
      durationDays: 6,
    });
  });
});

describeEachDatabase('upgrades and coupons at checkout', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);

  it('offers the higher grades of a phone with their difference and upgrades it when paid', async () => {
    const [id] = await myPhoneIds(t);
    const options = dataOf<{ gradeId: number; gradeName: string; remainingDays: number; priceCents: number }[]>(
      await t.call('GET', `${ORDER}/upgrade-options?userPhoneId=${id}`),
    );
    expect(options.map((o) => o.gradeName)).toEqual(['进阶版', '旗舰版']);
    // 30 days of Standard (¥1/day) left: Advanced is ¥2/day, Flagship ¥4/day.
    expect(options.map((o) => [o.remainingDays, o.priceCents])).toEqual([
      [30, 3000],
      [30, 9000],
    ]);
    const flagship = options[1]!;
    const order = await shop().paid({
      skuType: 'upgrade',
      userPhoneId: id!,
      gradeId: flagship.gradeId,
      couponId: null,
    });
    expect(order).toMatchObject({ status: 'completed', payPriceCents: 9000, durationDays: 30 });
    expect(codeOf(await t.call('GET', `${ORDER}/upgrade-options?userPhoneId=${id}`))).toBe(ERRORS.upgradeHighest.code);
  });

  it('refuses upgrades with under a day left and on a trial phone', async () => {
    const ids = await myPhoneIds(t);
    expect(codeOf(await t.call('GET', `${ORDER}/upgrade-options?userPhoneId=${ids[3]}`))).toBe(
      ERRORS.trialNeedsRenewal.code,
    );
    await t.travel(29 * DAY_MS + 1);
    expect(codeOf(await t.call('GET', `${ORDER}/upgrade-options?userPhoneId=${ids[0]}`))).toBe(
      ERRORS.upgradeTooLittleTime.code,
    );
  });

  it('applies a discount coupon with its cap and an extension coupon at checkout', async () => {
    const { product, pkg } = await shop().packageOf('standard', 30);
    const buy = (couponId: number | null) => ({
      skuType: 'buy' as const,
      gradeId: product.gradeId,
      packageId: pkg.packageId,
      deviceCount: 3,
      couponId,
    });
    const discount = await shop().couponNamed('八折，最高减 ¥10');
    // 3 × ¥24 = ¥72: 20% would be ¥14.40, capped at ¥10.
    expect(await shop().quoted(buy(discount.couponId))).toMatchObject({
      originalPriceCents: 7200,
      discountCents: 1000,
      payPriceCents: 6200,
    });
    const extension = await shop().couponNamed('延长 3 天');
    const order = await shop().paid(buy(extension.couponId));
    expect(order).toMatchObject({ payPriceCents: 7200, durationDays: 33 });
    const phone = (await listPhones(t)).list.find((p) => p.userPhoneId === order.userPhoneIds[0])!;
    expect(phone.expireTime).toBe(t.clock.now() + 33 * DAY_MS);
    expect((await shop().couponNamed('延长 3 天')).state).toBe('used');
  });

  it('says a coupon is not yet usable before its start, and not available below its minimum', async () => {
    const { product, pkg } = await shop().packageOf('standard', 1);
    const buy = (couponId: number) => ({
      skuType: 'buy' as const,
      gradeId: product.gradeId,
      packageId: pkg.packageId,
      deviceCount: 1,
      couponId,
    });
    const later = await shop().couponNamed('减 ¥2（下周起可用）');
    expect(codeOf(await shop().quote(buy(later.couponId)))).toBe(ERRORS.couponNotYetUsable.code);
    const minimum = await shop().couponNamed('满 ¥10 减 ¥5');
    expect(codeOf(await shop().quote(buy(minimum.couponId)))).toBe(ERRORS.couponNotAvailable.code);
    const theirs = await t.call('POST', `${ORDER}/quote`, { token: t.other.token, payload: buy(later.couponId) });
    expect(codeOf(theirs)).toBe(ERRORS.couponNotAvailable.code);
  });
});
