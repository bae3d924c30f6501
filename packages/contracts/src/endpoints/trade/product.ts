import type { Endpoint } from '../endpoint';

/** /api/trade/product: what the tenant sells. */

export const list = {
  method: 'GET',
  path: '/api/trade/product/list',
  access: 'tenant',
  summary: 'Device grades on sale with their packages (for buying or renewing) and stock',
  query: (s) => s.productListQuery,
  reply: (s, z) => z.array(s.productSchema),
} satisfies Endpoint;
