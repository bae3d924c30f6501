import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { advertisementQuery, advertisementSchema } from '@cloudphone/contracts/content';
import { defineRoute } from '../../http/route';

/** /api/cms/advertisement */
export default async function advertisementRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/list',
    summary: 'Advertisements of an ad position for a platform',
    access: 'tenant',
    query: advertisementQuery,
    response: z.array(advertisementSchema),
    handler: ({ tenant, query }) =>
      app.repos.content.advertisements(tenant.tenantId, query.adPosition, query.platformNo),
  });
}
