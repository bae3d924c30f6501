import type { Endpoint } from '../endpoint';

/** /api/admin/audit: who did what (issue 62). */

export const list = {
  method: 'GET',
  path: '/api/admin/audit/list',
  access: 'operator',
  console: 'audit.read',
  summary: "The tenant's audit trail, newest first",
  query: (s) => s.auditQuery,
  reply: (s) => s.auditPageSchema,
} satisfies Endpoint;
