import type { Endpoint } from '../endpoint';

/** /api/promotion/activation-code: activation and renewal codes (spec §1, §5). */

export const activate = {
  method: 'POST',
  path: '/api/promotion/activation-code/activate',
  access: 'user',
  phone: 'renew',
  summary: 'Activate codes to buy phones or renew chosen phones; each code answers its own state',
  body: (s) => s.activateBody,
  reply: (s, z) => z.array(s.activationResultSchema),
} satisfies Endpoint;

export const record = {
  method: 'GET',
  path: '/api/promotion/activation-code/record',
  access: 'user',
  summary: 'The codes this user activated, newest first',
  query: (s) => s.pageQuery,
  reply: (s) => s.codeRecordPageSchema,
} satisfies Endpoint;
