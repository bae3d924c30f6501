import type { FastifyInstance } from 'fastify';
import { HOST_JOIN_PATH, hostJoinBody } from '@cloudphone/contracts/host-registry';
import { AppError } from '../../http/app-error';
import { hostCallDocs, parseJson } from './host-call';

/**
 * POST /api/host/join — a host joins with the operator's token (issue 32): it says what it is and is
 * given its id and its own key. Unsigned: the host has no key yet, and the single-use token is the
 * permission.
 */
export default async function hostJoinRoutes(app: FastifyInstance) {
  const docs = hostCallDocs('A device host joins with a token');
  app.post(HOST_JOIN_PATH, { config: { docs } }, async (request) => {
    const parsed = hostJoinBody.safeParse(parseJson(request.body));
    if (!parsed.success) throw new AppError('invalidParameter');
    return { code: 0, msg: '', data: await app.services.hostRegistry.join(parsed.data.token, parsed.data.host) };
  });
}
