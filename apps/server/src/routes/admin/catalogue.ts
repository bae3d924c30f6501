import type { FastifyInstance } from 'fastify';
import * as catalogue from '@cloudphone/contracts/endpoints/admin/catalogue';
import { defineRoute } from '../../http/route';

/** /api/admin/catalogue: grades, packages, prices and stock (issue 62). */
export default async function adminCatalogueRoutes(app: FastifyInstance) {
  const { consoleCommerce } = app.services;
  defineRoute(app, catalogue.grades, ({ operator }) => consoleCommerce.grades(operator.tenantId));
  defineRoute(app, catalogue.addPackage, ({ operator, actor, body }) =>
    consoleCommerce.addPackage(actor, operator.tenantId, body),
  );
  defineRoute(
    app,
    catalogue.gradePrice,
    async ({ operator, actor, body: { gradeId, ...pricing } }) =>
      (await consoleCommerce.setPricing(actor, operator.tenantId, gradeId, pricing)).grade,
  );
}
