import type { Endpoint } from '../endpoint';

/** /api/merchant/open/message: what a merchant's own systems call, signed with its merchant key (issue 24). */

export const send = {
  method: 'POST',
  path: '/api/merchant/open/message/send',
  access: 'merchant',
  summary: "A merchant's broadcast to every user of its tenant, or to one user by UID",
  body: (s) => s.broadcastBody,
  reply: (s) => s.broadcastReplySchema,
} satisfies Endpoint;
