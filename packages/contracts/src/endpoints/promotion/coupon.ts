import type { Endpoint } from '../endpoint';

/** /api/promotion/coupon: the user's coupons, redeem codes and the gift bag. */

export const list = {
  method: 'GET',
  path: '/api/promotion/coupon/list',
  access: 'user',
  summary: "The user's coupons: unused, in use, used or unavailable",
  query: (s) => s.couponListQuery,
  reply: (s, z) => z.array(s.couponSchema),
} satisfies Endpoint;

export const redeem = {
  method: 'POST',
  path: '/api/promotion/coupon/redeem',
  access: 'user',
  summary: 'Redeem a code (up to 20 letters or digits, either case) for its coupons',
  body: (s) => s.redeemBody,
  reply: (s, z) => z.array(s.couponSchema),
} satisfies Endpoint;

export const giftBag = {
  method: 'GET',
  path: '/api/promotion/coupon/gift-bag',
  access: 'user',
  summary: "The tenant's gift bag and whether this user has claimed it",
  reply: (s) => s.giftBagSchema,
} satisfies Endpoint;

export const giftBagClaim = {
  method: 'POST',
  path: '/api/promotion/coupon/gift-bag/claim',
  access: 'user',
  summary: 'Claim the gift bag (once per account)',
  reply: (s, z) => z.array(s.couponSchema),
} satisfies Endpoint;
