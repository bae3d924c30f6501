import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@cloudphone/contracts/promotion';
import { couponCondition, couponFit, couponValue } from './coupon-terms';

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
