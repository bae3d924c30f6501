import type { FastifyInstance } from 'fastify';
import { SERVER_API } from '@cloudphone/contracts/host-api-catalogue';
import { AppError } from '../../services/app-error';
import { hostCallDocs, parseJson } from './host-call';

/**
 * POST /api/host/join — a host joins with the operator's token (issue 32): it says what it is and is
 * given its id and its own key. Unsigned: the host has no key yet, and the single-use token is the
 * permission.
 */
export default async function hostJoinRoutes(app: FastifyInstance) {
  const docs = hostCallDocs('A device host joins with a token');
  const route = SERVER_API.join;
  app.route({
    method: route.method,
    url: route.path,
    config: { docs },
    handler: async (request) => {
      const parsed = route.body.safeParse(parseJson(request.body));
      if (!parsed.success) throw new AppError('invalidParameter');
      return { code: 0, msg: '', data: await app.services.hostRegistry.join(parsed.data.token, parsed.data.host) };
    },
  });
}
