import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { productListQuery, productSchema } from '@cloudphone/contracts/commerce';
import { defineRoute } from '../../http/route';

/** /api/trade/product: what the tenant sells. */
export default async function productRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/list',
    summary: 'Device grades on sale with their packages (for buying or renewing) and stock',
    access: 'tenant',
    query: productListQuery,
    response: z.array(productSchema),
    handler: ({ tenant, query }) => app.services.catalogue.products(tenant.tenantId, query.usage),
  });
}
