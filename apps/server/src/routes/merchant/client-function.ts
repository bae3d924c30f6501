import type { FastifyInstance } from 'fastify';
import * as clientFunction from '@cloudphone/contracts/endpoints/merchant/client-function';
import { defineRoute } from '../../http/route';

/** /api/merchant/client-function: the features this client offers. */
export default async function clientFunctionRoutes(app: FastifyInstance) {
  defineRoute(app, clientFunction.list, ({ tenant }) => app.services.clients.enabledFunctions(tenant.clientId));
}
