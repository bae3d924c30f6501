import type { FastifyInstance } from 'fastify';
import * as article from '@cloudphone/contracts/endpoints/cms/article';
import { defineRoute } from '../../http/route';

/** /api/cms/article */
export default async function articleRoutes(app: FastifyInstance) {
  defineRoute(app, article.page, ({ tenant, query }) => app.services.content.articles(tenant.clientId, query));
}
