import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { smsOutboxEntrySchema, smsOutboxQuery } from '@cloudphone/contracts/auth';
import { mobileSchema } from '@cloudphone/contracts/validation';
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

  defineRoute(app, {
    method: 'GET',
    url: '/sms-outbox',
    summary: 'The codes the console provider sent to a mobile, newest first',
    access: 'public',
    query: smsOutboxQuery,
    response: z.array(smsOutboxEntrySchema),
    handler: async ({ query }) => outbox.outbox(query.mobile),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/sms-codes/expire',
    summary: "Make a mobile's codes expired (to show the expired-code message)",
    access: 'tenant',
    body: z.object({ mobile: mobileSchema }),
    response: z.null(),
    handler: ({ tenant, body }) => app.repos.smsCodes.expireAll(tenant.tenantId, body.mobile, clock.now()),
  });
}
