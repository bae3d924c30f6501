import { DAY_MS } from '@cloudphone/contracts/commerce';
import { couponDiscount } from '@cloudphone/contracts/promotion';
import type { CouponRow } from '../../repositories/coupon.repository';

/** What an order costs, and the days each phone gets. */
export interface Price {
  originalPriceCents: number;
  discountCents: number;
  payPriceCents: number;
  durationDays: number;
}

/** A price with a coupon applied: cash and discount coupons take money off, extension coupons add days. */
export function priceWithCoupon(originalPriceCents: number, durationDays: number, coupon: CouponRow | null): Price {
  const discountCents = coupon ? couponDiscount(coupon, originalPriceCents) : 0;
  return {
    originalPriceCents,
    discountCents,
    payPriceCents: originalPriceCents - discountCents,
    durationDays: durationDays + (coupon?.kind === 'extension' ? coupon.extensionDays : 0),
  };
}

/**
 * An upgrade's price (spec §9): the difference in time value over the whole days left. Part of a
 * day left over is upgraded free, which keeps the duration a whole number.
 */
export function upgradePrice(
  remainingMs: number,
  fromDayPriceCents: number,
  toDayPriceCents: number,
): { remainingDays: number; priceCents: number } {
  const remainingDays = Math.floor(remainingMs / DAY_MS);
  return { remainingDays, priceCents: remainingDays * Math.max(0, toDayPriceCents - fromDayPriceCents) };
}
