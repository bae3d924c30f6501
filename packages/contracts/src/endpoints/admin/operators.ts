import type { Endpoint } from '../endpoint';

/** /api/admin/operators: the tenant's staff (issue 62). */

export const list = {
  method: 'GET',
  path: '/api/admin/operators/list',
  access: 'operator',
  console: 'operators.read',
  summary: "The tenant's operators",
  reply: (s, z) => z.array(s.operatorViewSchema),
} satisfies Endpoint;

export const create = {
  method: 'POST',
  path: '/api/admin/operators/create',
  access: 'operator',
  console: 'operators.write',
  summary: 'Add an operator; its authenticator secret is answered this once',
  body: (s) => s.operatorCreateBody,
  reply: (s) => s.operatorCreatedSchema,
} satisfies Endpoint;

export const setDisabled = {
  method: 'POST',
  path: '/api/admin/operators/set-disabled',
  access: 'operator',
  console: 'operators.write',
  summary: 'Disable an operator (its sign-ins end at once) or enable it again',
  body: (s) => s.operatorDisableBody,
  reply: (s) => s.operatorViewSchema,
} satisfies Endpoint;
