import type { Endpoint } from '../endpoint';

/** /api/merchant/customer-service */

export const get = {
  method: 'GET',
  path: '/api/merchant/customer-service/get',
  access: 'tenant',
  summary: "The client's customer-service contact",
  reply: (s) => s.customerServiceSchema,
} satisfies Endpoint;
