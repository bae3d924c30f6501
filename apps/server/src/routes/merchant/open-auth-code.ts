import type { FastifyInstance } from 'fastify';
import * as openAuthCode from '@cloudphone/contracts/endpoints/merchant/open-auth-code';
import { AppError } from '../../services/app-error';
import { defineRoute } from '../../http/route';

/** /api/merchant/open/auth-code: entry codes for a merchant's own app (issue 29). */
export default async function openAuthCodeRoutes(app: FastifyInstance) {
  defineRoute(app, openAuthCode.issue, async ({ merchant, body }) => {
    const client = await app.services.clients.byClientNo(body.clientNo);
    // Another merchant's client is as unknown as one that does not exist.
    if (client.tenantId !== merchant) throw new AppError('clientNotFound');
    return app.services.auth.issueAuthCode(client.tenantId, client, body.mobile);
  });
}
