import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as order from '@cloudphone/contracts/endpoints/trade/order';
import { defineRoute } from '../../http/route';

/** The client's key for a placement (DESIGN §3), up to 64 characters. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length > 0 && key.length <= 64 ? key : undefined;
}

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
