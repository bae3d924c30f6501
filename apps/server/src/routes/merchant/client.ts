import type { FastifyInstance } from 'fastify';
import { aboutAppSchema, clientNoQuery, clientSecureDataSchema } from '@cloudphone/contracts/client';
import { defineRoute } from '../../http/route';

/** /api/merchant/client: what a client number stands for, asked before any tenant is known. */
export default async function clientRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/get-client-secure-data',
    summary: 'Tenant, client and platform of a client number',
    access: 'public',
    query: clientNoQuery,
    response: clientSecureDataSchema,
    handler: ({ query }) => app.services.clients.secureData(query.clientNo),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/get-about-app',
    summary: 'Name, logo, theme and agreements of a client',
    access: 'public',
    query: clientNoQuery,
    response: aboutAppSchema,
    handler: ({ query }) => app.services.clients.aboutApp(query.clientNo),
  });
}
