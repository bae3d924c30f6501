import type { Endpoint } from '../endpoint';

/** /api/admin/dashboard: how the business goes (issue 64). */

export const days = {
  method: 'GET',
  path: '/api/admin/dashboard',
  access: 'operator',
  console: 'dashboard.read',
  summary:
    "Revenue, orders, phones sold and renewed, new and active customers per UTC day over a range (the merchant's or one client's); phones expiring in 7 days; hosts' capacity used",
  query: (s) => s.adminDashboardQuery,
  reply: (s) => s.adminDashboardSchema,
} satisfies Endpoint;
