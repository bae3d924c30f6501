import type { FastifyInstance } from 'fastify';
import * as operators from '@cloudphone/contracts/endpoints/admin/operators';
import { defineRoute } from '../../http/route';

/** /api/admin/operators: the tenant's staff (issue 62). */
export default async function adminOperatorRoutes(app: FastifyInstance) {
  const service = app.services.operators;
  defineRoute(app, operators.list, ({ operator }) => service.list(operator.tenantId));
  defineRoute(app, operators.create, ({ operator, actor, body }) =>
    service.create(actor, { ...body, tenantId: operator.tenantId }),
  );
  defineRoute(app, operators.setDisabled, ({ operator, actor, body }) =>
    service.setDisabled(actor, operator.tenantId, body.operatorId, body.disabled),
  );
}
