import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { smsOutboxEntrySchema, smsOutboxQuery } from '@cloudphone/contracts/auth';
import { mobileSchema } from '@cloudphone/contracts/validation';
import { defineRoute } from '../../http/route';
import type { SmsOutbox } from '../../providers/sms/sms-provider';
import type { Clock } from '../../services/clock';

/**
 * /api/dev: test and demo support, registered only while the console SMS provider is active and
 * NODE_ENV is not production (DESIGN §3).
 */
export default async function devSmsRoutes(
  app: FastifyInstance,
  { outbox, clock }: { outbox: SmsOutbox; clock: Clock },
) {
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
