import type { Endpoint } from '../endpoint';

/** /api/cms/article: the client's articles in Discover (issue 29). */

export const page = {
  method: 'GET',
  path: '/api/cms/article/page',
  access: 'tenant',
  summary: "A page of the client's articles, newest first, optionally those whose title has a keyword",
  query: (s) => s.articlePageQuery,
  reply: (s) => s.articlePageSchema,
} satisfies Endpoint;
