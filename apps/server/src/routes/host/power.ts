import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hostCallGenuine } from '@cloudphone/contracts/access-key';
import { HOST_POWER_PATH, hostPowerBody } from '@cloudphone/contracts/host-api';
import { SDK_MAX_SKEW_MS } from '@cloudphone/contracts/sdk';
import { AppError } from '../../http/app-error';

/**
 * POST /api/host/power — a device host asks the server to decide an SDK restart or reset (issue 20):
 * the policy, function switches, throttle and locks decide it as for the REST call, and the server
 * starts it. Signed with the host key (the signature is the permission); outside the endpoint
 * catalogue, which is for clients.
 */
export default async function hostPowerRoutes(app: FastifyInstance, options: { hostKey: string }) {
  // The signature covers the body exactly as sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  const docs = {
    summary: 'A device host asks for an SDK power call',
    access: 'public' as const,
    response: z.null(),
    hidden: true,
  };
  app.post(HOST_POWER_PATH, { config: { docs } }, async (request) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const call = { method: 'POST', path: HOST_POWER_PATH, body, headers: request.headers };
    if (!hostCallGenuine(options.hostKey, call, app.services.clock.now(), SDK_MAX_SKEW_MS))
      throw new AppError('forbidden');
    const parsed = hostPowerBody.safeParse(parseJson(body));
    if (!parsed.success) throw new AppError('invalidParameter');
    return { code: 0, msg: '', data: await app.services.phoneControl.powerFromHost(parsed.data) };
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
