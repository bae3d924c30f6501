import type { FastifyInstance } from 'fastify';
import { advertisement } from '@cloudphone/contracts/endpoints/cms';
import { defineRoute } from '../../http/route';

/** /api/cms/advertisement */
export default async function advertisementRoutes(app: FastifyInstance) {
  defineRoute(app, advertisement.list, ({ tenant, query }) =>
    app.repos.content.advertisements(tenant.tenantId, query.adPosition, query.platformNo),
  );
}
