import type { FastifyInstance } from 'fastify';
import { SERVER_API } from '@cloudphone/contracts/host-api-catalogue';
import { signedHostCall } from './host-call';

/**
 * POST /api/host/lock — a device host takes, renews or releases a lock of one of its phones for a
 * holder of its own (issue 51): decided by the server's policy as the same REST action is, in the name
 * of the access key's holder, and told to the phone's hosts as any lock is.
 */
export default async function hostLockRoutes(app: FastifyInstance) {
  signedHostCall(app, SERVER_API.lock, 'A device host takes, renews or releases a phone lock', (body, hostId) =>
    app.services.accessKeys.lockFromHost(body, hostId),
  );
}
