import type { Endpoint } from '../endpoint';

/** /api/device/grant: phones granted to other accounts, by account or by grant code (spec §4, §6). */

export const create = {
  method: 'POST',
  path: '/api/device/grant/create',
  access: 'user',
  phone: 'grant',
  summary: 'Grant a phone for some days, view or control: to an account (mobile or UID), or as a grant code',
  body: (s) => s.createGrantBody,
  reply: (s) => s.createGrantReplySchema,
} satisfies Endpoint;

export const useCode = {
  method: 'POST',
  path: '/api/device/grant/use-code',
  access: 'user',
  summary: 'Redeem a grant code: its phone is listed as authorized to this account until the grant ends',
  body: (s) => s.useGrantCodeBody,
  reply: (s) => s.usedGrantCodeSchema,
} satisfies Endpoint;

export const revoke = {
  method: 'PUT',
  path: '/api/device/grant/revoke',
  access: 'user',
  summary: "Take a grant back: the grantee's streams close and their keys stop working at once",
  body: (s) => s.grantIdBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const page = {
  method: 'GET',
  path: '/api/device/grant/page',
  access: 'user',
  summary: 'A page of the live grants the user made (side=out) or holds (side=in)',
  query: (s) => s.grantPageQuery,
  reply: (s) => s.grantPageSchema,
} satisfies Endpoint;

export const get = {
  method: 'GET',
  path: '/api/device/grant/get',
  access: 'user',
  summary: 'One live grant, as its grantor or its grantee sees it',
  query: (s) => s.grantIdQuery,
  reply: (s) => s.grantSchema,
} satisfies Endpoint;

export const codeClear = {
  method: 'PUT',
  path: '/api/device/grant/code/clear',
  access: 'user',
  summary: 'Replace a grant code with a new one; whoever redeemed the old one loses the phone',
  body: (s) => s.grantIdBody,
  reply: (s) => s.clearedGrantCodeSchema,
} satisfies Endpoint;

export const codeCancel = {
  method: 'PUT',
  path: '/api/device/grant/code/cancel',
  access: 'user',
  summary: 'Cancel a grant code: the grant ends, and with it the access of whoever redeemed it',
  body: (s) => s.grantIdBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;
