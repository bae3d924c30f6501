import type { TFunction } from 'i18next';
import type { SkuType } from '@cloudphone/contracts/commerce';
import { couponDiscount, type Coupon } from '@cloudphone/contracts/promotion';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import { formatDate } from '../../../lib/format-time';
import { formatMoney } from '../../../lib/format-money';

/** Whether a coupon can go on an order now, and if not, why (spec §5: "not yet usable" is its own message). */
export type CouponFit = 'usable' | 'notYetUsable' | 'notForUpgrade' | 'belowMinimum' | 'unavailable';

export function couponFit(coupon: Coupon, order: { priceCents: number; skuType: SkuType }, now: number): CouponFit {
  if (coupon.state !== 'unused' || now >= coupon.validUntil) return 'unavailable';
  if (now < coupon.validFrom) return 'notYetUsable';
  // An upgrade buys no days, so there is nothing for an extension coupon to extend.
  if (order.skuType === 'upgrade' && coupon.kind === 'extension') return 'notForUpgrade';
  if (order.priceCents < coupon.minAmountCents) return 'belowMinimum';
  return 'usable';
}

/** Why a coupon offered at checkout cannot go on this order, in words; null when it can. */
export function couponFitNote(coupon: Coupon, fit: CouponFit, t: TFunction): string | null {
  if (fit === 'notYetUsable')
    return `${errorMessage('couponNotYetUsable', currentLanguage())} · ${t('commerce.coupon.usableFrom', { date: formatDate(coupon.validFrom) })}`;
  if (fit === 'notForUpgrade') return t('commerce.coupon.notForUpgrade');
  if (fit === 'belowMinimum') return t('commerce.coupon.belowMinimum', { amount: formatMoney(coupon.minAmountCents) });
  return null;
}

/**
 * A coupon among the user's own: dimmed when it cannot be used now, and when its time has not come,
 * from when it can (in place of its validity).
 */
export function couponShelfNote(coupon: Coupon, now: number, t: TFunction): { dimmed: boolean; note: string | null } {
  const early = now < coupon.validFrom;
  return {
    dimmed: coupon.state !== 'unused' || early,
    note: early ? t('commerce.coupon.usableFrom', { date: formatDate(coupon.validFrom) }) : null,
  };
}

/** What a coupon gives: `¥5.00`, `20% off, up to ¥10.00`, `+3 days`. */
export function couponValue(coupon: Coupon, t: TFunction): string {
  if (coupon.kind === 'cash') return formatMoney(coupon.amountCents);
  if (coupon.kind === 'extension') return t('commerce.coupon.extension', { count: coupon.extensionDays });
  const rate = t('commerce.coupon.discount', { off: 100 - coupon.ratePercent, tenths: coupon.ratePercent / 10 });
  return coupon.maxDiscountCents > 0
    ? t('commerce.coupon.discountCapped', { rate, cap: formatMoney(coupon.maxDiscountCents) })
    : rate;
}

/** The order a coupon needs: `Orders from ¥10.00`, or none. */
export function couponCondition(coupon: Coupon, t: TFunction): string {
  return coupon.minAmountCents > 0
    ? t('commerce.coupon.minAmount', { amount: formatMoney(coupon.minAmountCents) })
    : t('commerce.coupon.noMinimum');
}

/**
 * The coupon checkout chooses by itself (issue 22): of those usable on this order, the one that saves
 * the most, the one expiring first on a tie; never an extension coupon (it saves no money, and a
 * customer may keep it for a renewal). The customer can change or drop it.
 */
export function bestCoupon(
  coupons: readonly Coupon[],
  order: { priceCents: number; skuType: SkuType },
  now: number,
): Coupon | undefined {
  return coupons
    .filter((c) => c.kind !== 'extension' && couponFit(c, order, now) === 'usable')
    .map((coupon) => ({ coupon, saves: couponDiscount(coupon, order.priceCents) }))
    .filter((c) => c.saves > 0)
    .sort((a, b) => b.saves - a.saves || a.coupon.validUntil - b.coupon.validUntil)[0]?.coupon;
}
