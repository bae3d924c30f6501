import type { FastifyInstance } from 'fastify';
import * as orders from '@cloudphone/contracts/endpoints/admin/orders';
import { defineRoute } from '../../http/route';

/** /api/admin/orders: orders and refunds (issue 62). */
export default async function adminOrderRoutes(app: FastifyInstance) {
  const { consoleCommerce } = app.services;
  defineRoute(app, orders.search, ({ operator, query }) => consoleCommerce.searchOrders(operator.tenantId, query));
  defineRoute(app, orders.detail, ({ operator, query }) =>
    consoleCommerce.orderDetail(operator.tenantId, query.orderNo),
  );
  defineRoute(app, orders.refund, ({ operator, actor, body }) =>
    consoleCommerce.refund(actor, operator.tenantId, body.orderNo, body.reason),
  );
}
