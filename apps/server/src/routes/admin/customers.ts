import type { FastifyInstance } from 'fastify';
import * as customers from '@cloudphone/contracts/endpoints/admin/customers';
import { defineRoute } from '../../http/route';

/** /api/admin/customers: the tenant's customers (issue 63). */
export default async function adminCustomerRoutes(app: FastifyInstance) {
  const { consoleCustomers } = app.services;
  defineRoute(app, customers.search, ({ operator, query }) => consoleCustomers.search(operator.tenantId, query));
  defineRoute(app, customers.detail, ({ operator, query }) => consoleCustomers.detail(operator.tenantId, query.userId));
  defineRoute(app, customers.setDisabled, ({ operator, actor, body }) =>
    consoleCustomers.setDisabled(actor, operator.tenantId, body.userId, body.disabled),
  );
  defineRoute(app, customers.giveCoupon, async ({ operator, actor, body }) => {
    await consoleCustomers.giveCoupon(actor, operator.tenantId, body.userId, body.coupon);
  });
}
