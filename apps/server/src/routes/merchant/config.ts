import type { FastifyInstance } from 'fastify';
import * as merchantConfig from '@cloudphone/contracts/endpoints/merchant/config';
import { defineRoute } from '../../http/route';

/** /api/merchant/config: the tenant's business limits. */
export default async function merchantConfigRoutes(app: FastifyInstance) {
  defineRoute(app, merchantConfig.getKeys, ({ tenant, query }) =>
    app.services.config.limits(tenant.tenantId, query.keys),
  );
}
