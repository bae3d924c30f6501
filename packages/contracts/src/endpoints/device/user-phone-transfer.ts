import type { Endpoint } from '../endpoint';

/** /api/device/user/phone/transfer: the records of transfers between accounts (spec §2 transferList). */

export const page = {
  method: 'GET',
  path: '/api/device/user/phone/transfer/page',
  access: 'user',
  summary: 'A page of the transfers the user launched (side=out) or received (side=in), newest first',
  query: (s) => s.transferPageQuery,
  reply: (s) => s.transferPageSchema,
} satisfies Endpoint;
