import type { FastifyInstance } from 'fastify';
import * as order from '@cloudphone/contracts/endpoints/trade/order';
import { idempotencyKeyOf } from '../../http/idempotency-key';
import { defineRoute } from '../../http/route';

/** /api/trade/order: buying, renewing and upgrading phones, and the order list (spec §1, §3, §4). */
export default async function orderRoutes(app: FastifyInstance) {
  const { orders, payments, catalogue } = app.services;

  defineRoute(app, order.quote, ({ gate, body }) => orders.quote(gate, body));
  defineRoute(app, order.create, ({ request, gate, body }) => orders.place(gate, body, idempotencyKeyOf(request)));
  defineRoute(app, order.get, ({ auth, query }) => orders.get(auth, query.orderNo));
  defineRoute(app, order.page, ({ auth, query }) => orders.page(auth, query));
  defineRoute(app, order.cancel, ({ auth, query }) => payments.cancel(auth, query.orderNo));
  defineRoute(app, order.upgradeOptions, async ({ gate, query }) =>
    catalogue.upgradeOptions(gate.auth, (await gate.check(query.userPhoneId)).phone),
  );
}
