import type { FastifyInstance } from 'fastify';
import * as order from '@cloudphone/contracts/endpoints/trade/order';
import { idempotencyKeyOf } from '../../http/idempotency-key';
import { defineRoute } from '../../http/route';

/** /api/trade/order: buying, renewing and upgrading phones, and the order list (spec §1, §3, §4). */
export default async function orderRoutes(app: FastifyInstance) {
  const { orders, payments, catalogue, phoneAccess } = app.services;

  defineRoute(app, order.quote, ({ auth, body }) => orders.quote(auth, body));
  defineRoute(app, order.create, ({ request, auth, body }) => orders.place(auth, body, idempotencyKeyOf(request)));
  defineRoute(app, order.get, ({ auth, query }) => orders.get(auth, query.orderNo));
  defineRoute(app, order.page, ({ auth, query }) => orders.page(auth, query));
  defineRoute(app, order.cancel, ({ auth, query }) => payments.cancel(auth, query.orderNo));
  defineRoute(app, order.upgradeOptions, async ({ auth, query }) =>
    catalogue.upgradeOptions(auth, await phoneAccess.ownPhone(auth, query.userPhoneId, 'upgrade')),
  );
}
