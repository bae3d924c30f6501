import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { agreementContentSchema, agreementNameSchema } from '@cloudphone/contracts/content';
import { agreementTypeSchema } from '@cloudphone/contracts/client';
import { defineRoute } from '../../http/route';

/**
 * The agreement pages skip the client lookup (spec §2), so a visitor may have no tenant headers yet:
 * the client is named by `clientNo` in the query, or else by the `client-id` header.
 */
const agreementQuery = z.object({ type: agreementTypeSchema, clientNo: z.string().trim().toLowerCase().optional() });

/** /api/cms/agreement */
export default async function agreementRoutes(app: FastifyInstance) {
  async function clientOf(request: FastifyRequest, clientNo: string | undefined) {
    return clientNo
      ? app.services.clients.byClientNo(clientNo)
      : app.services.clients.byId(Number(request.headers['client-id']));
  }

  defineRoute(app, {
    method: 'GET',
    url: '/get-name',
    summary: 'Name of the user (1) or privacy (2) agreement',
    access: 'public',
    query: agreementQuery,
    response: agreementNameSchema,
    handler: async ({ request, query }) => {
      const { type, name } = await app.services.content.agreement(
        (await clientOf(request, query.clientNo)).id,
        query.type,
      );
      return { type, name };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/get-content',
    summary: 'Name and content of the user (1) or privacy (2) agreement',
    access: 'public',
    query: agreementQuery,
    response: agreementContentSchema,
    handler: async ({ request, query }) =>
      app.services.content.agreement((await clientOf(request, query.clientNo)).id, query.type),
  });
}
