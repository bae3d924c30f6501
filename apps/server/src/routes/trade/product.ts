import type { FastifyInstance } from 'fastify';
import * as product from '@cloudphone/contracts/endpoints/trade/product';
import { defineRoute } from '../../http/route';

/** /api/trade/product: what the tenant sells. */
export default async function productRoutes(app: FastifyInstance) {
  defineRoute(app, product.list, ({ tenant, query }) => app.services.catalogue.products(tenant.tenantId, query.usage));
}
