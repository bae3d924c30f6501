import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERRORS } from '@cloudphone/contracts/errors';
import { BLOB_PATH, blobUrlValid } from '../../providers/blob-store/signed-url';

const query = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().max(128),
  /** A joined host's URL names it: signed with its own key (issue 32). */
  host: z.coerce.number().int().optional(),
});

/**
 * GET /api/files/blob/:sha256 — a blob for a separate device host to fetch and cache (DESIGN §10),
 * by the signed URL the server sent it with the push, signed with that host's key. No account: the
 * signature is the permission.
 */
export default async function blobRoutes(app: FastifyInstance) {
  // Bytes, not an envelope: outside the endpoint catalogue and the OpenAPI document.
  const docs = { summary: 'A blob for a device host', access: 'public' as const, response: z.null(), hidden: true };
  app.get<{ Params: { sha256: string } }>(`${BLOB_PATH}/:sha256`, { config: { docs } }, async (request, reply) => {
    const parsed = query.safeParse(request.query);
    const { sha256 } = request.params;
    const now = app.services.clock.now();
    // Real HTTP statuses here: the host fetches bytes, not an envelope, and must see a refusal as one.
    const key = parsed.success ? await app.services.deviceHosts.keyOfHost(parsed.data.host) : undefined;
    if (!parsed.success || !key || !blobUrlValid(key, sha256, parsed.data.expires, parsed.data.signature, now))
      return reply.code(403).send({ code: ERRORS.forbidden.code, msg: 'forbidden', data: null });
    const body = await app.blobs.read(sha256).catch(() => undefined);
    if (!body) return reply.code(404).send({ code: ERRORS.fileNotFound.code, msg: 'no such file', data: null });
    return reply.type('application/octet-stream').send(body);
  });
}
