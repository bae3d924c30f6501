import type { Endpoint } from '../endpoint';

/** /api/merchant/client-function: the features this client offers. */

export const list = {
  method: 'GET',
  path: '/api/merchant/client-function/list',
  access: 'tenant',
  summary: 'Enabled function entries of the calling client',
  query: (s) => s.functionListQuery,
  reply: (s, z) => z.array(s.clientFunctionSchema),
} satisfies Endpoint;
