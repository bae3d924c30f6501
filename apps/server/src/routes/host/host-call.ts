import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HostRoute } from '@cloudphone/contracts/host-api-catalogue';
import { AppError } from '../../services/app-error';

/**
 * The body of a host's call to the server, once its signature checks out (the signature covers the
 * body exactly as sent): who called — a joined host by its id, a fixed setup's as null — and the JSON.
 */
export async function signedByHost(
  request: FastifyRequest,
  path: string,
): Promise<{ hostId: number | null; body: unknown }> {
  const body = typeof request.body === 'string' ? request.body : '';
  const call = { method: request.method, path, body, headers: request.headers };
  const caller = await request.server.services.deviceHosts.caller(call);
  if (!caller) throw new AppError('forbidden');
  return { hostId: caller.hostId, body: parseJson(body) };
}

export function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** What a host's call documents: outside the endpoint catalogue, which is for clients. */
export const hostCallDocs = (summary: string) => ({
  summary,
  access: 'public' as const,
  response: z.null(),
  hidden: true,
});

/**
 * A host's signed call to the server, from the host-API catalogue (issue 51): its path and body are
 * the catalogue's; the signature is checked before the body is parsed, then `handle` answers it.
 */
export function signedHostCall<Body extends z.ZodType>(
  app: FastifyInstance,
  route: HostRoute<Body>,
  summary: string,
  handle: (body: z.infer<Body>, hostId: number | null) => Promise<unknown>,
): void {
  app.route({
    method: route.method,
    url: route.path,
    config: { docs: hostCallDocs(summary) },
    handler: async (request) => {
      const { hostId, body } = await signedByHost(request, route.path);
      const parsed = route.body.safeParse(body);
      if (!parsed.success) throw new AppError('invalidParameter');
      return { code: 0, msg: '', data: (await handle(parsed.data, hostId)) ?? null };
    },
  });
}
