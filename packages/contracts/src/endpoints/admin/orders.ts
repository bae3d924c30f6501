import type { Endpoint } from '../endpoint';

/** /api/admin/orders: orders and refunds (issue 62). */

export const search = {
  method: 'GET',
  path: '/api/admin/orders/search',
  access: 'operator',
  console: 'orders.read',
  summary: "The tenant's orders by number, buyer or status, newest first",
  query: (s) => s.adminOrderQuery,
  reply: (s) => s.adminOrderPageSchema,
} satisfies Endpoint;

export const detail = {
  method: 'GET',
  path: '/api/admin/orders/detail',
  access: 'operator',
  console: 'orders.read',
  summary: 'An order with its payment attempts, wallet notices and refunds',
  query: (s) => s.adminOrderDetailQuery,
  reply: (s) => s.adminOrderDetailSchema,
} satisfies Endpoint;

export const refund = {
  method: 'POST',
  path: '/api/admin/orders/refund',
  access: 'operator',
  console: 'orders.refund',
  summary: 'Refund a paid order through the wallet that took it, with a reason',
  body: (s) => s.adminRefundBody,
  reply: (s) => s.adminOrderSchema,
} satisfies Endpoint;
