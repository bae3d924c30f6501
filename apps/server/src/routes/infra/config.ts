import type { FastifyInstance } from 'fastify';
import type { ClientConfigKey } from '@cloudphone/contracts/config-keys';
import * as infraConfig from '@cloudphone/contracts/endpoints/infra/config';
import { defineRoute } from '../../http/route';

/** /api/infra/config: client settings (domains, version, download link). */
export default async function infraConfigRoutes(app: FastifyInstance) {
  defineRoute(app, infraConfig.getConfig, ({ tenant, body }) =>
    app.services.clients.config(tenant.clientId, body.keys as ClientConfigKey[]),
  );
}
