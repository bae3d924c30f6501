import type { FastifyInstance } from 'fastify';
import * as audit from '@cloudphone/contracts/endpoints/admin/audit';
import { defineRoute } from '../../http/route';

/** /api/admin/audit: who did what (issue 62). */
export default async function adminAuditRoutes(app: FastifyInstance) {
  const { auditTrail } = app.services;
  defineRoute(app, audit.list, async ({ operator, query: { pageNo, pageSize, ...filter } }) => {
    const { rows, total } = await auditTrail.list(operator.tenantId, filter, { pageNo, pageSize });
    return {
      total,
      list: rows.map(({ actor, tenantId: _tenant, ...entry }) => ({
        ...entry,
        actorKind: actor.kind,
        actorName: actor.name,
        role: actor.role,
        address: actor.address,
      })),
    };
  });
}
