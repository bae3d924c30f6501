import type { Endpoint } from '../endpoint';

/**
 * /api/merchant/open/auth-code: a merchant's own app signs its user into the client without a
 * password (issue 29): its server, signed with the merchant key, asks for a one-time code; the app
 * opens `/app/{clientNo}?code=…`, and the web app exchanges it through validate-auth-code.
 */

export const issue = {
  method: 'POST',
  path: '/api/merchant/open/auth-code/issue',
  access: 'merchant',
  summary: 'A one-time entry code (5 minutes) for a user of one of the merchant’s clients',
  body: (s) => s.issueAuthCodeBody,
  reply: (s) => s.issuedAuthCodeSchema,
} satisfies Endpoint;
