import type { FastifyInstance } from 'fastify';
import { SERVER_API } from '@cloudphone/contracts/host-api-catalogue';
import { AppError } from '../../services/app-error';
import { signedHostCall } from './host-call';

/**
 * POST /api/host/heartbeat — a joined host is alive, and says again what it is (issue 32). Signed with
 * its own key: another host's key, or a fixed setup's, is refused.
 */
export default async function hostHeartbeatRoutes(app: FastifyInstance) {
  signedHostCall(app, SERVER_API.heartbeat, 'A joined device host beats', async (body, hostId) => {
    if (hostId === null) throw new AppError('forbidden');
    await app.services.hostRegistry.beat(hostId, body.host);
  });
}
