import type { FastifyInstance } from 'fastify';
import * as codes from '@cloudphone/contracts/endpoints/admin/codes';
import { defineRoute } from '../../http/route';

/** /api/admin/codes: activation codes (issue 62). */
export default async function adminCodeRoutes(app: FastifyInstance) {
  const { consoleCodes } = app.services;
  defineRoute(app, codes.generate, ({ operator, actor, body }) =>
    consoleCodes.generate(actor, operator.tenantId, body),
  );
  defineRoute(app, codes.search, ({ operator, query }) => consoleCodes.search(operator.tenantId, query));
  defineRoute(app, codes.exportBatch, ({ operator, query }) =>
    consoleCodes.exportBatch(operator.tenantId, query.batchNo),
  );
  defineRoute(app, codes.voidCodes, ({ operator, actor, body }) =>
    consoleCodes.voidCodes(
      actor,
      operator.tenantId,
      body.batchNo !== undefined ? { batchNo: body.batchNo } : { codes: body.codes ?? [] },
    ),
  );
}
