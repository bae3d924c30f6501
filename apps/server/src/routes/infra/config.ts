import type { FastifyInstance } from 'fastify';
import { clientConfigBody, configValuesSchema } from '@cloudphone/contracts/content';
import type { ClientConfigKey } from '@cloudphone/contracts/config-keys';
import { defineRoute } from '../../http/route';

/** /api/infra/config: client settings (domains, version, download link). */
export default async function infraConfigRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/get-config',
    summary: 'Values of client configuration keys',
    access: 'tenant',
    body: clientConfigBody,
    response: configValuesSchema,
    handler: ({ tenant, body }) => app.services.clients.config(tenant.clientId, body.keys as ClientConfigKey[]),
  });
}
