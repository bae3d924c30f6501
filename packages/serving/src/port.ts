import Fastify, { type FastifyInstance } from 'fastify';
import { requestLogging, type RequestLogOptions } from './request-log';

/**
 * The largest body any call on a port takes, unless its route takes less (the API's calls 64 KB, the
 * SDK's 16 KB, the host API's JSON 64 KB); packages and uploads stream to disk past it, never into memory.
 */
export const PORT_BODY_LIMIT = 1024 * 1024;

export interface PortOptions extends RequestLogOptions {
  /** Proxies whose X-Forwarded-For / -Proto are believed (the server's TRUSTED_PROXIES); none by default. */
  trustedProxies?: string[];
}

/**
 * The Fastify app behind every port that serves host URLs: the standalone host's (`npm run
 * device-host`) and the server's, which mounts the host (`npm start`). Bodies are limited, and a call
 * answered before its body was read — refused from its headers (a host-API signature), a route that
 * does not exist, a body over its limit — closes its connection: otherwise Node reads the rest of the
 * body to keep the connection for the next call, and one unauthenticated caller could make the host
 * take in 256 MB to answer one refusal.
 */
export function createPort({ trustedProxies, ...logging }: PortOptions): FastifyInstance {
  const app = Fastify({
    ...requestLogging(logging),
    bodyLimit: PORT_BODY_LIMIT,
    trustProxy: trustedProxies?.length ? trustedProxies : false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
  return app;
}
