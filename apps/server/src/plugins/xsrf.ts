import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { AppError } from '../services/app-error';

const COOKIE = 'XSRF-TOKEN';
const HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit XSRF check (DESIGN §3): the server hands out an `XSRF-TOKEN` cookie, the web client
 * copies it into the `X-XSRF-TOKEN` header, and a state-changing call whose header and cookie differ
 * is refused. A caller that holds no cookie (an SDK, a script) has no ambient credential to abuse.
 */
export const xsrfPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.cookie;
    const cookie = header ? app.parseCookie(header)[COOKIE] : undefined;
    if (!cookie) {
      // Secure behind HTTPS (also through a trusted proxy's X-Forwarded-Proto), so it never travels in clear.
      const secure = request.protocol === 'https';
      reply.setCookie(COOKIE, randomBytes(16).toString('hex'), { path: '/', sameSite: 'lax', httpOnly: false, secure });
      return;
    }
    if (!SAFE_METHODS.has(request.method) && request.headers[HEADER] !== cookie) {
      throw new AppError('forbidden');
    }
  });
});
