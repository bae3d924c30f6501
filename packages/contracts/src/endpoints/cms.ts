import type { EndpointGroup } from './endpoint';

/** /api/cms/agreement: read before a client is looked up, so the client may be named in the query. */
export const agreement = {
  getName: {
    method: 'GET',
    path: '/api/cms/agreement/get-name',
    access: 'public',
    summary: 'Name of the user (1) or privacy (2) agreement',
    query: (s) => s.agreementQuery,
    reply: (s) => s.agreementNameSchema,
  },
  getContent: {
    method: 'GET',
    path: '/api/cms/agreement/get-content',
    access: 'public',
    summary: 'Name and content of the user (1) or privacy (2) agreement',
    query: (s) => s.agreementQuery,
    reply: (s) => s.agreementContentSchema,
  },
} satisfies EndpointGroup;

/** /api/cms/advertisement */
export const advertisement = {
  list: {
    method: 'GET',
    path: '/api/cms/advertisement/list',
    access: 'tenant',
    summary: 'Advertisements of an ad position for a platform',
    query: (s) => s.advertisementQuery,
    reply: (s, z) => z.array(s.advertisementSchema),
  },
} satisfies EndpointGroup;
