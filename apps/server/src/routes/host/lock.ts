import type { FastifyInstance } from 'fastify';
import { HOST_LOCK_PATH, hostLockBody } from '@cloudphone/contracts/host-api';
import { AppError } from '../../http/app-error';
import { hostCallDocs, signedByHost } from './host-call';

/**
 * POST /api/host/lock — a device host takes, renews or releases a lock of one of its phones for a
 * holder of its own (issue 51): decided by the server's policy as the same REST action is, in the name
 * of the access key's holder, and told to the phone's hosts as any lock is.
 */
export default async function hostLockRoutes(app: FastifyInstance) {
  const docs = hostCallDocs('A device host takes, renews or releases a phone lock');
  app.post(HOST_LOCK_PATH, { config: { docs } }, async (request) => {
    const { hostId, body } = await signedByHost(request, HOST_LOCK_PATH);
    const parsed = hostLockBody.safeParse(body);
    if (!parsed.success) throw new AppError('invalidParameter');
    return { code: 0, msg: '', data: await app.services.phoneAccess.lockFromHost(parsed.data, hostId) };
  });
}
