import type { FastifyInstance } from 'fastify';
import * as coupon from '@cloudphone/contracts/endpoints/promotion/coupon';
import { defineRoute } from '../../http/route';

/** /api/promotion/coupon: the user's coupons, redeem codes and the gift bag. */
export default async function couponRoutes(app: FastifyInstance) {
  const { coupons } = app.services;

  defineRoute(app, coupon.list, ({ auth, query }) => coupons.list(auth, query.state));
  defineRoute(app, coupon.redeem, ({ auth, body }) => coupons.redeem(auth, body.code));
  defineRoute(app, coupon.giftBag, ({ auth }) => coupons.giftBag(auth));
  defineRoute(app, coupon.giftBagClaim, ({ auth }) => coupons.claimGiftBag(auth));
}
