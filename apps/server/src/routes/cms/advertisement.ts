import type { FastifyInstance } from 'fastify';
import * as advertisement from '@cloudphone/contracts/endpoints/cms/advertisement';
import { defineRoute } from '../../http/route';

/** /api/cms/advertisement */
export default async function advertisementRoutes(app: FastifyInstance) {
  defineRoute(app, advertisement.list, ({ tenant, query }) =>
    app.repos.content.advertisements(tenant, query.adPosition, query.platformNo),
  );
}
