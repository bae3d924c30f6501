import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deviceGradeSchema } from '@cloudphone/contracts/content';
import { defineRoute } from '../../http/route';

/** /api/device/grade */
export default async function deviceGradeRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/list',
    summary: 'Device grades (hardware configurations) on sale',
    access: 'tenant',
    response: z.array(deviceGradeSchema),
    handler: ({ tenant }) => app.services.catalogue.gradeList(tenant.tenantId),
  });
}
