import type { FastifyInstance } from 'fastify';
import * as template from '@cloudphone/contracts/endpoints/device/template';
import { defineRoute } from '../../http/route';

/** /api/device/template: clone templates made from the user's phones (issue 15). */
export default async function templateRoutes(app: FastifyInstance) {
  const { templates } = app.services;

  defineRoute(app, template.create, ({ gate, body }) => templates.create(gate, body.userPhoneId, body.name));
  defineRoute(app, template.page, ({ auth, query }) => templates.page(auth, query));
  defineRoute(app, template.delete, ({ auth, query }) => templates.delete(auth, query.templateId));
}
