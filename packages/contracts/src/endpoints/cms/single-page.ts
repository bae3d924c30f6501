import type { Endpoint } from '../endpoint';

/** /api/cms/single-page: a CMS page of the client (spec §2 singlePage). */

export const get = {
  method: 'GET',
  path: '/api/cms/single-page/get',
  access: 'tenant',
  summary: 'One CMS page of the client (an article or a page a banner links to)',
  query: (s) => s.singlePageQuery,
  reply: (s) => s.singlePageSchema,
} satisfies Endpoint;
