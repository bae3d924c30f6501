import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as dev from '@cloudphone/contracts/endpoints/dev/sms';
import { defineRoute } from '../../http/route';
import type { SmsOutbox } from '../../providers/sms/sms-provider';
import type { Clock } from '../../services/clock';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * A caller on this machine talking to the server directly: its socket is a loopback address (not the
 * address a proxy forwards) and it carries no forwarding header, so no proxy passed it on from outside.
 */
function onThisMachine(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && FORWARDING_HEADERS.every((h) => !(h in request.headers));
}

/**
 * /api/dev: test and demo support, registered only while the console SMS provider is active and
 * NODE_ENV is not production (DESIGN §3). The outbox holds every user's login code, so it answers
 * only a caller on this machine, unless DEV_OUTBOX=true opens it to any peer.
 */
export default async function devSmsRoutes(
  app: FastifyInstance,
  { outbox, anyPeer, clock }: { outbox: SmsOutbox; anyPeer: boolean; clock: Clock },
) {
  app.addHook('onRequest', async (request, reply) => {
    if (!anyPeer && !onThisMachine(request)) return reply.callNotFound();
  });

  defineRoute(app, dev.smsOutbox, async ({ query }) => outbox.outbox(query.mobile));
  defineRoute(app, dev.expireSmsCodes, ({ tenant, body }) =>
    app.repos.smsCodes.expireAll(tenant.tenantId, body.mobile, clock.now()),
  );
}
