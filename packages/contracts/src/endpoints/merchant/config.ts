import type { Endpoint } from '../endpoint';

/** /api/merchant/config: the tenant's business limits. */

export const getKeys = {
  method: 'GET',
  path: '/api/merchant/config/getKeys',
  access: 'tenant',
  summary: 'Values of limit keys (unknown keys are left out)',
  query: (s) => s.configKeysQuery,
  reply: (s) => s.configValuesSchema,
} satisfies Endpoint;
