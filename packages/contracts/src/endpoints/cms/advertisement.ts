import type { Endpoint } from '../endpoint';

/** /api/cms/advertisement */

export const list = {
  method: 'GET',
  path: '/api/cms/advertisement/list',
  access: 'tenant',
  summary: 'Advertisements of an ad position for a platform',
  query: (s) => s.advertisementQuery,
  reply: (s, z) => z.array(s.advertisementSchema),
} satisfies Endpoint;
