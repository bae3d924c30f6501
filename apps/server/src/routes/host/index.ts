import type { FastifyInstance } from 'fastify';
import hostHeartbeatRoutes from './heartbeat';
import hostJoinRoutes from './join';
import hostLockRoutes from './lock';
import hostPowerRoutes from './power';

/**
 * /api/host/* — device hosts' own calls to the server (DESIGN §8, §10): joining with a token, beating,
 * SDK power calls to decide, and locks of their phones to take. Each is signed with the calling host's key, over its body exactly as
 * sent, so bodies stay text until checked; outside the endpoint catalogue, which is for clients.
 */
export default async function hostRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  await app.register(hostJoinRoutes);
  await app.register(hostHeartbeatRoutes);
  await app.register(hostPowerRoutes);
  await app.register(hostLockRoutes);
}
