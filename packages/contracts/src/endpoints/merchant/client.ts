import type { Endpoint } from '../endpoint';

/** /api/merchant/client: what a client number stands for, asked before any tenant is known. */

export const getClientSecureData = {
  method: 'GET',
  path: '/api/merchant/client/get-client-secure-data',
  access: 'public',
  summary: 'Tenant, client and platform of a client number',
  query: (s) => s.clientNoQuery,
  reply: (s) => s.clientSecureDataSchema,
} satisfies Endpoint;

export const getAboutApp = {
  method: 'GET',
  path: '/api/merchant/client/get-about-app',
  access: 'public',
  summary: 'Name, logo, theme and agreements of a client',
  query: (s) => s.clientNoQuery,
  reply: (s) => s.aboutAppSchema,
} satisfies Endpoint;
