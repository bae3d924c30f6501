import type { FastifyInstance } from 'fastify';
import * as phones from '@cloudphone/contracts/endpoints/admin/phones';
import { defineRoute } from '../../http/route';

/** /api/admin/phones: every phone of the tenant (issue 63). */
export default async function adminPhoneRoutes(app: FastifyInstance) {
  defineRoute(app, phones.search, ({ operator, query }) =>
    app.services.consoleCustomers.phones(operator.tenantId, query),
  );
}
