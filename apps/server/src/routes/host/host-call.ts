import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error';

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
