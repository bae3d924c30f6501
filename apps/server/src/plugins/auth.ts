import fp from 'fastify-plugin';
import type { AuthUser } from '../services/accounts/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

/**
 * Signs the caller in on `user` routes from `Authorization: Bearer <accessToken>` (DESIGN §3).
 * Registered after tenancy, so the token is checked against the tenant the headers name.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.docs?.access !== 'user' || !request.tenant) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    request.auth = await app.services.auth.authenticate(token, request.tenant.tenantId);
    // Server-made text follows the language the account keeps; Accept-Language is the fallback (issue 10 §4).
    if (request.auth.language) request.language = request.auth.language;
  });
});
