import type { FastifyInstance } from 'fastify';
import { SERVER_API } from '@cloudphone/contracts/host-api-catalogue';
import { signedHostCall } from './host-call';

/**
 * POST /api/host/power — a device host asks the server to decide an SDK restart or reset (issue 20):
 * the policy, function switches, throttle and locks decide it as for the REST call, and the server
 * starts it. The host's signature is the permission, and it asks only for its own phones.
 */
export default async function hostPowerRoutes(app: FastifyInstance) {
  signedHostCall(app, SERVER_API.power, 'A device host asks for an SDK power call', (body, hostId) =>
    app.services.phoneControl.powerFromHost(body, hostId),
  );
}
