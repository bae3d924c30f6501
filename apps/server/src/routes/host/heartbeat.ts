import type { FastifyInstance } from 'fastify';
import { HOST_HEARTBEAT_PATH, hostHeartbeatBody } from '@cloudphone/contracts/host-registry';
import { AppError } from '../../http/app-error';
import { hostCallDocs, signedByHost } from './host-call';

/**
 * POST /api/host/heartbeat — a joined host is alive, and says again what it is (issue 32). Signed with
 * its own key: another host's key, or a fixed setup's, is refused.
 */
export default async function hostHeartbeatRoutes(app: FastifyInstance) {
  const docs = hostCallDocs('A joined device host beats');
  app.post(HOST_HEARTBEAT_PATH, { config: { docs } }, async (request) => {
    const { hostId, body } = await signedByHost(request, HOST_HEARTBEAT_PATH);
    if (hostId === null) throw new AppError('forbidden');
    const parsed = hostHeartbeatBody.safeParse(body);
    if (!parsed.success) throw new AppError('invalidParameter');
    await app.services.hostRegistry.beat(hostId, parsed.data.host);
    return { code: 0, msg: '', data: null };
  });
}
