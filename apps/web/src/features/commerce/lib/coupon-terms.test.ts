import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@cloudphone/contracts/promotion';
import { bestCoupon, couponCondition, couponFit, couponFitNote, couponShelfNote, couponValue } from './coupon-terms';

const DAY = 86_400_000;
const now = Date.UTC(2026, 0, 10);

function coupon(fields: Partial<Coupon>): Coupon {
  return {
    couponId: 1,
    kind: 'cash',
    name: 'Coupon',
    amountCents: 500,
    ratePercent: 100,
    maxDiscountCents: 0,
    extensionDays: 0,
    minAmountCents: 0,
    validFrom: now - DAY,
    validUntil: now + 30 * DAY,
    state: 'unused',
    ...fields,
  };
}
const buy = { priceCents: 1200, skuType: 'buy' as const };

describe('whether a coupon fits an order (spec §1, §5)', () => {
  it('fits an unused coupon within its dates on a large enough order', () => {
    expect(couponFit(coupon({}), buy, now)).toBe('usable');
  });

  it('says a coupon whose time has not come is not yet usable', () => {
    expect(couponFit(coupon({ validFrom: now + 7 * DAY }), buy, now)).toBe('notYetUsable');
  });

  it('refuses an order below the coupon’s minimum', () => {
    expect(couponFit(coupon({ minAmountCents: 1000 }), { ...buy, priceCents: 999 }, now)).toBe('belowMinimum');
  });

  it('keeps extension coupons off upgrades, which buy no days', () => {
    expect(couponFit(coupon({ kind: 'extension', extensionDays: 3 }), { ...buy, skuType: 'upgrade' }, now)).toBe(
      'notForUpgrade',
    );
  });

  it('leaves out used, in-use and lapsed coupons', () => {
    expect(couponFit(coupon({ state: 'used' }), buy, now)).toBe('unavailable');
    expect(couponFit(coupon({ state: 'in_use' }), buy, now)).toBe('unavailable');
    expect(couponFit(coupon({ validUntil: now }), buy, now)).toBe('unavailable');
  });
});

describe('what a coupon gives, in words', () => {
  const t = i18next.t;

  it('shows cash as money, a discount with its cap, and an extension in days', () => {
    expect(couponValue(coupon({}), t)).toBe('¥5.00');
    expect(couponValue(coupon({ kind: 'discount', ratePercent: 80, maxDiscountCents: 1000 }), t)).toBe(
      '20% off, up to ¥10.00',
    );
    expect(couponValue(coupon({ kind: 'discount', ratePercent: 90 }), t)).toBe('10% off');
    expect(couponValue(coupon({ kind: 'extension', extensionDays: 3 }), t)).toBe('+3 days');
    expect(couponValue(coupon({ kind: 'extension', extensionDays: 1 }), t)).toBe('+1 day');
  });

  it('names the order a coupon needs', () => {
    expect(couponCondition(coupon({ minAmountCents: 1000 }), t)).toBe('Orders from ¥10.00');
    expect(couponCondition(coupon({}), t)).toBe('No minimum');
  });
});

describe('the coupon checkout chooses (issue 22)', () => {
  it('takes the one saving the most on this order, the earlier expiring on a tie, never an extension', () => {
    const cash5 = coupon({ couponId: 1, amountCents: 500 });
    const rate = coupon({ couponId: 2, kind: 'discount', ratePercent: 50, maxDiscountCents: 300 });
    const cash5Sooner = coupon({ couponId: 3, amountCents: 500, validUntil: now + 2 * DAY });
    const extension = coupon({ couponId: 4, kind: 'extension', extensionDays: 30 });
    const tooBig = coupon({ couponId: 5, amountCents: 900, minAmountCents: 5000 });
    expect(bestCoupon([rate, cash5, extension, tooBig], buy, now)?.couponId).toBe(1);
    expect(bestCoupon([cash5, cash5Sooner], buy, now)?.couponId).toBe(3);
    expect(bestCoupon([extension], buy, now)).toBeUndefined();
    // On a small order the capped discount saves more than nothing, and cash saves at most the price.
    expect(
      bestCoupon([rate, coupon({ couponId: 6, amountCents: 100 })], { ...buy, priceCents: 400 }, now)?.couponId,
    ).toBe(2);
  });
});

describe('why a coupon does not fit, in words', () => {
  const t = i18next.t;

  it('names the minimum an order is below, and the upgrade an extension cannot go on', () => {
    const big = coupon({ minAmountCents: 1000 });
    expect(couponFitNote(big, 'belowMinimum', t)).toBe('For orders from ¥10.00');
    expect(couponFitNote(coupon({ kind: 'extension' }), 'notForUpgrade', t)).toBe(
      'Extension coupons do not apply to upgrades',
    );
    expect(couponFitNote(big, 'usable', t)).toBeNull();
  });

  it('dims a coupon among the user’s own until its time comes, saying from when', () => {
    expect(couponShelfNote(coupon({}), now, t)).toEqual({ dimmed: false, note: null });
    const early = couponShelfNote(coupon({ validFrom: now + 7 * DAY }), now, t);
    expect(early.dimmed).toBe(true);
    expect(early.note).toMatch(/^Usable from /);
    expect(couponShelfNote(coupon({ state: 'used' }), now, t)).toEqual({ dimmed: true, note: null });
  });
});
