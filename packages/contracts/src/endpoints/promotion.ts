import type { EndpointGroup } from './endpoint';

/** /api/promotion/activation-code: activation and renewal codes (spec §1, §5). */
export const activationCode = {
  activate: {
    method: 'POST',
    path: '/api/promotion/activation-code/activate',
    access: 'user',
    summary: 'Activate codes to buy phones or renew chosen phones; each code answers its own state',
    body: (s) => s.activateBody,
    reply: (s, z) => z.array(s.activationResultSchema),
  },
  record: {
    method: 'GET',
    path: '/api/promotion/activation-code/record',
    access: 'user',
    summary: 'The codes this user activated, newest first',
    query: (s) => s.pageQuery,
    reply: (s) => s.codeRecordPageSchema,
  },
} satisfies EndpointGroup;

/** /api/promotion/coupon: the user's coupons, redeem codes and the gift bag. */
export const coupon = {
  list: {
    method: 'GET',
    path: '/api/promotion/coupon/list',
    access: 'user',
    summary: "The user's coupons: unused, in use, used or unavailable",
    query: (s) => s.couponListQuery,
    reply: (s, z) => z.array(s.couponSchema),
  },
  redeem: {
    method: 'POST',
    path: '/api/promotion/coupon/redeem',
    access: 'user',
    summary: 'Redeem a code (up to 20 letters or digits, either case) for its coupons',
    body: (s) => s.redeemBody,
    reply: (s, z) => z.array(s.couponSchema),
  },
  giftBag: {
    method: 'GET',
    path: '/api/promotion/coupon/gift-bag',
    access: 'user',
    summary: "The tenant's gift bag and whether this user has claimed it",
    reply: (s) => s.giftBagSchema,
  },
  giftBagClaim: {
    method: 'POST',
    path: '/api/promotion/coupon/gift-bag/claim',
    access: 'user',
    summary: 'Claim the gift bag (once per account)',
    reply: (s, z) => z.array(s.couponSchema),
  },
} satisfies EndpointGroup;
