import type { FastifyInstance } from 'fastify';
import * as session from '@cloudphone/contracts/endpoints/admin/session';
import { defineRoute } from '../../http/route';

/** /api/admin/session: an operator signs in to the console (issue 62). */
export default async function adminSessionRoutes(app: FastifyInstance) {
  const { operators, consoleClients } = app.services;
  defineRoute(app, session.signIn, ({ body }) => operators.signIn({ ...body, tenantId: body.tenantId ?? null }));
  defineRoute(app, session.me, ({ operator }) => operators.view(operator.operatorId));
  defineRoute(app, session.clients, ({ operator }) => consoleClients.names(operator.tenantId));
}
