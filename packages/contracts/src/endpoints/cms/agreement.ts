import type { Endpoint } from '../endpoint';

/** /api/cms/agreement: read before a client is looked up, so the client may be named in the query. */

export const getName = {
  method: 'GET',
  path: '/api/cms/agreement/get-name',
  access: 'public',
  summary: 'Name of the user (1) or privacy (2) agreement',
  query: (s) => s.agreementQuery,
  reply: (s) => s.agreementNameSchema,
} satisfies Endpoint;

export const getContent = {
  method: 'GET',
  path: '/api/cms/agreement/get-content',
  access: 'public',
  summary: 'Name and content of the user (1) or privacy (2) agreement',
  query: (s) => s.agreementQuery,
  reply: (s) => s.agreementContentSchema,
} satisfies Endpoint;
