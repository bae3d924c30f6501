import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as agreement from '@cloudphone/contracts/endpoints/cms/agreement';
import { defineRoute } from '../../http/route';

/** /api/cms/agreement: the client is named by `clientNo` in the query, or else by the `client-id` header. */
export default async function agreementRoutes(app: FastifyInstance) {
  async function clientOf(request: FastifyRequest, clientNo: string | undefined) {
    return clientNo
      ? app.services.clients.byClientNo(clientNo)
      : app.services.clients.byId(Number(request.headers['client-id']));
  }

  defineRoute(app, agreement.getName, async ({ request, query }) => {
    const { type, name } = await app.services.content.agreement(
      (await clientOf(request, query.clientNo)).id,
      query.type,
    );
    return { type, name };
  });
  defineRoute(app, agreement.getContent, async ({ request, query }) =>
    app.services.content.agreement((await clientOf(request, query.clientNo)).id, query.type),
  );
}
