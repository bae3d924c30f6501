import type { FastifyInstance } from 'fastify';
import * as singlePage from '@cloudphone/contracts/endpoints/cms/single-page';
import { defineRoute } from '../../http/route';

/** /api/cms/single-page */
export default async function singlePageRoutes(app: FastifyInstance) {
  defineRoute(app, singlePage.get, ({ tenant, query }) => app.services.content.singlePage(tenant.clientId, query.id));
}
