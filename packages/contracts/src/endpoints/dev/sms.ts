import type { Endpoint } from '../endpoint';

/**
 * /api/dev: test and demo support, served only while the console SMS provider is active and
 * NODE_ENV is not production (DESIGN §3), and only to a caller on the server's machine.
 */

export const smsOutbox = {
  method: 'GET',
  path: '/api/dev/sms-outbox',
  access: 'public',
  summary: 'The codes the console provider sent to a mobile, newest first',
  query: (s) => s.smsOutboxQuery,
  reply: (s, z) => z.array(s.smsOutboxEntrySchema),
} satisfies Endpoint;

export const expireSmsCodes = {
  method: 'POST',
  path: '/api/dev/sms-codes/expire',
  access: 'tenant',
  summary: "Make a mobile's codes expired (to show the expired-code message)",
  body: (s) => s.smsCodesExpireBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;
