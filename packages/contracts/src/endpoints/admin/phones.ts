import type { Endpoint } from '../endpoint';

/** /api/admin/phones: every phone of the tenant (issue 63). */

export const search = {
  method: 'GET',
  path: '/api/admin/phones/search',
  access: 'operator',
  console: 'phones.read',
  summary: "The tenant's phones by host, rental and customer, newest first, with what their hosts say now",
  query: (s) => s.adminPhoneQuery,
  reply: (s) => s.adminPhonePageSchema,
} satisfies Endpoint;
