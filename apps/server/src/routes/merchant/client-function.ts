import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientFunctionSchema, functionListQuery } from '@cloudphone/contracts/client';
import { defineRoute } from '../../http/route';

/** /api/merchant/client-function: the features this client offers. */
export default async function clientFunctionRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/list',
    summary: 'Enabled function entries of the calling client',
    access: 'tenant',
    query: functionListQuery,
    response: z.array(clientFunctionSchema),
    handler: ({ tenant }) => app.services.clients.enabledFunctions(tenant.clientId),
  });
}
