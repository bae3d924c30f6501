import type { Endpoint } from '../endpoint';

/** /api/admin/session: an operator signs in to the console (issue 62). */

export const signIn = {
  method: 'POST',
  path: '/api/admin/session/sign-in',
  access: 'public',
  summary: 'An operator signs in with login, password and the authenticator code',
  body: (s) => s.operatorSignInBody,
  reply: (s) => s.operatorSessionSchema,
} satisfies Endpoint;

export const me = {
  method: 'GET',
  path: '/api/admin/session/me',
  access: 'operator',
  summary: 'The signed-in operator',
  reply: (s) => s.operatorViewSchema,
} satisfies Endpoint;

export const clients = {
  method: 'GET',
  path: '/api/admin/session/clients',
  access: 'operator',
  summary: "The merchant's clients by name: what every operator's sections choose among",
  reply: (s, z) => z.array(s.adminClientNameSchema),
} satisfies Endpoint;
