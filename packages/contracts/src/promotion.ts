import { z } from 'zod';
import { idSchema, pageNoParam, textSchema } from './bounds';
import { ACTIVATION_CODE_LENGTH } from './limits';
import type { LocalizedText } from './locale';
import { redeemCodeSchema } from './validation';

// Beside its one user rather than in locale.ts, which the web's entry imports without zod.
/**
 * A merchant's catalogue text (a grade, package, coupon or agreement title) as an operator gives it:
 * one text for both languages, or `{ "zh-CN": …, "en-US": … }`. Either way it is kept per language.
 */
export function catalogueTextSchema(maxLength: number) {
  const text = z.string().trim().max(maxLength);
  return z
    .union([text.min(1), z.object({ 'zh-CN': text, 'en-US': text })])
    .transform((t): LocalizedText => (typeof t === 'string' ? { 'zh-CN': t, 'en-US': t } : t))
    .refine((t) => t['zh-CN'] !== '' || t['en-US'] !== '', 'a text in at least one language');
}

/**
 * Promotion (spec §1, §3, §5): activation and renewal codes, coupons, redeem codes and the gift bag.
 * Calls under /api/promotion/*; money in cents, durations in whole days.
 */

// — activation codes

/** Per code, what activating it came to (spec §4). `waiting` and `activating` are the page's own. */
export const ACTIVATION_STATES = [
  'waiting',
  'activating',
  'activated',
  'success',
  'not_exist',
  'spec_mismatch',
  'expired',
  'no_stock',
  'renewal_only',
  'purchase_only',
  'mixed_packages',
] as const;
export type ActivationState = (typeof ACTIVATION_STATES)[number];

export const activateBody = z.object({
  /** Codes as typed: the server checks each (12 letters/digits, case sensitive). */
  codes: z.array(textSchema(64)).min(1).max(100),
  usage: z.enum(['buy', 'renew']),
  /** For renewal: the phone each code renews; one phone takes every code. */
  userPhoneIds: z.array(idSchema).max(100).default([]),
});
export const activationResultSchema = z.object({
  code: z.string(),
  state: z.enum(ACTIVATION_STATES),
  /** The phones made or renewed by this code. */
  userPhoneIds: z.array(z.number().int()),
});
export type ActivationResult = z.infer<typeof activationResultSchema>;

export const codeRecordSchema = z.object({
  code: z.string(),
  usage: z.enum(['buy', 'renew']),
  packageName: z.string(),
  durationDays: z.number().int(),
  userPhoneIds: z.array(z.number().int()),
  usedTime: z.number().int(),
});
export type CodeRecord = z.infer<typeof codeRecordSchema>;
export const codeRecordPageSchema = z.object({ list: z.array(codeRecordSchema), total: z.number().int() });
export const pageQuery = z.object({
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** Characters generated codes use: no 0/O or 1/I/l, which read alike. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export { ACTIVATION_CODE_LENGTH };

// — coupons, redeem codes, gift bag

export const COUPON_KINDS = ['cash', 'discount', 'extension'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_STATES = ['unused', 'in_use', 'used', 'unavailable'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** What a coupon gives, as handed out by the operator, a redeem code or the gift bag. */
export const couponSpecSchema = z.object({
  kind: z.enum(COUPON_KINDS),
  /** Its title: one text, or one per language (`{ "zh-CN": …, "en-US": … }`). */
  name: catalogueTextSchema(40),
  /** cash: cents off. */
  amountCents: z.number().int().min(0).default(0),
  /** discount: percent of the price paid, e.g. 80 = 20% off. */
  ratePercent: z.number().int().min(1).max(100).default(100),
  /** discount: at most this many cents off; 0 is no cap. */
  maxDiscountCents: z.number().int().min(0).default(0),
  /** extension: days added to each phone of the order. */
  extensionDays: z.number().int().min(0).default(0),
  /** The order must cost at least this much before the coupon. */
  minAmountCents: z.number().int().min(0).default(0),
  /** Days from issue until it can be used (0: at once) and until it lapses. */
  startsAfterDays: z.number().int().min(0).default(0),
  validDays: z.number().int().min(1).max(3650).default(30),
});
export type CouponSpec = z.input<typeof couponSpecSchema>;

export const couponSchema = z.object({
  couponId: z.number().int(),
  kind: z.enum(COUPON_KINDS),
  name: z.string(),
  amountCents: z.number().int(),
  ratePercent: z.number().int(),
  maxDiscountCents: z.number().int(),
  extensionDays: z.number().int(),
  minAmountCents: z.number().int(),
  validFrom: z.number().int(),
  validUntil: z.number().int(),
  state: z.enum(COUPON_STATES),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListQuery = z.object({ state: z.enum(COUPON_STATES).optional() });

/** What a coupon takes off a price (spec §1): cash, a capped discount, or extra days (price unchanged). */
export function couponDiscount(
  coupon: Pick<Coupon, 'kind' | 'amountCents' | 'ratePercent' | 'maxDiscountCents'>,
  priceCents: number,
): number {
  if (coupon.kind === 'cash') return Math.min(coupon.amountCents, priceCents);
  if (coupon.kind === 'discount') {
    const off = Math.round((priceCents * (100 - coupon.ratePercent)) / 100);
    return coupon.maxDiscountCents > 0 ? Math.min(off, coupon.maxDiscountCents) : off;
  }
  return 0;
}

export const redeemBody = z.object({ code: redeemCodeSchema });
export const giftBagSchema = z.object({
  available: z.boolean(),
  claimed: z.boolean(),
  /** What the bag holds, titled in the caller's language. */
  coupons: z.array(couponSpecSchema.extend({ name: z.string() })),
});
export type GiftBag = z.infer<typeof giftBagSchema>;
