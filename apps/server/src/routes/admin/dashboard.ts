import type { FastifyInstance } from 'fastify';
import * as dashboard from '@cloudphone/contracts/endpoints/admin/dashboard';
import { defineRoute } from '../../http/route';

/** /api/admin/dashboard: how the business goes (issue 64). */
export default async function adminDashboardRoutes(app: FastifyInstance) {
  defineRoute(app, dashboard.days, ({ operator, query }) =>
    app.services.consoleDashboard.days(operator.tenantId, query),
  );
}
