import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { couponListQuery, couponSchema, giftBagSchema, redeemBody } from '@cloudphone/contracts/promotion';
import { defineRoute } from '../../http/route';

/** /api/promotion/coupon: the user's coupons, redeem codes and the gift bag. */
export default async function couponRoutes(app: FastifyInstance) {
  const { coupons } = app.services;

  defineRoute(app, {
    method: 'GET',
    url: '/list',
    summary: "The user's coupons: unused, in use, used or unavailable",
    access: 'user',
    query: couponListQuery,
    response: z.array(couponSchema),
    handler: ({ auth, query }) => coupons.list(auth, query.state),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/redeem',
    summary: 'Redeem a code (up to 20 letters or digits, either case) for its coupons',
    access: 'user',
    body: redeemBody,
    response: z.array(couponSchema),
    handler: ({ auth, body }) => coupons.redeem(auth, body.code),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/gift-bag',
    summary: "The tenant's gift bag and whether this user has claimed it",
    access: 'user',
    response: giftBagSchema,
    handler: ({ auth }) => coupons.giftBag(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/gift-bag/claim',
    summary: 'Claim the gift bag (once per account)',
    access: 'user',
    response: z.array(couponSchema),
    handler: ({ auth }) => coupons.claimGiftBag(auth),
  });
}
