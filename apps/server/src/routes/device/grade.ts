import type { FastifyInstance } from 'fastify';
import * as grade from '@cloudphone/contracts/endpoints/device/grade';
import { defineRoute } from '../../http/route';

/** /api/device/grade */
export default async function deviceGradeRoutes(app: FastifyInstance) {
  defineRoute(app, grade.list, ({ tenant }) => app.services.catalogue.gradeList(tenant.tenantId));
}
