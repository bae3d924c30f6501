import type { FastifyInstance } from 'fastify';
import * as codes from '@cloudphone/contracts/endpoints/admin/codes';
import { defineRoute } from '../../http/route';

/** /api/admin/codes: activation codes (issue 62). */
export default async function adminCodeRoutes(app: FastifyInstance) {
  const { consoleCommerce } = app.services;
  defineRoute(app, codes.generate, ({ operator, actor, body }) =>
    consoleCommerce.generateCodes(actor, operator.tenantId, body),
  );
  defineRoute(app, codes.search, ({ operator, query }) => consoleCommerce.searchCodes(operator.tenantId, query));
}
