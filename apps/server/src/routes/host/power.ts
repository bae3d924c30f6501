import type { FastifyInstance } from 'fastify';
import { HOST_POWER_PATH, hostPowerBody } from '@cloudphone/contracts/host-api';
import { AppError } from '../../http/app-error';
import { hostCallDocs, signedByHost } from './host-call';

/**
 * POST /api/host/power — a device host asks the server to decide an SDK restart or reset (issue 20):
 * the policy, function switches, throttle and locks decide it as for the REST call, and the server
 * starts it. The host's signature is the permission, and it asks only for its own phones.
 */
export default async function hostPowerRoutes(app: FastifyInstance) {
  const docs = hostCallDocs('A device host asks for an SDK power call');
  app.post(HOST_POWER_PATH, { config: { docs } }, async (request) => {
    const { hostId, body } = await signedByHost(request, HOST_POWER_PATH);
    const parsed = hostPowerBody.safeParse(body);
    if (!parsed.success) throw new AppError('invalidParameter');
    return { code: 0, msg: '', data: await app.services.phoneControl.powerFromHost(parsed.data, hostId) };
  });
}
