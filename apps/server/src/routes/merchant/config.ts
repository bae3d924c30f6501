import type { FastifyInstance } from 'fastify';
import { configKeysQuery, configValuesSchema } from '@cloudphone/contracts/content';
import { defineRoute } from '../../http/route';

/** /api/merchant/config: the tenant's business limits. */
export default async function merchantConfigRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/getKeys',
    summary: 'Values of limit keys (unknown keys are left out)',
    access: 'tenant',
    query: configKeysQuery,
    response: configValuesSchema,
    handler: ({ tenant, query }) => app.services.config.limits(tenant.tenantId, query.keys),
  });
}
