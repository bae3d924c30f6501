import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createGrantBody,
  createGrantReplySchema,
  grantIdBody,
  grantIdQuery,
  grantPageQuery,
  grantPageSchema,
  grantSchema,
  useGrantCodeBody,
} from '@cloudphone/contracts/grants';
import { defineRoute } from '../../http/route';

/** /api/device/grant: phones granted to other accounts, by account or by grant code (spec §4, §6). */
export default async function grantRoutes(app: FastifyInstance) {
  const { phoneGrants } = app.services;

  defineRoute(app, {
    method: 'POST',
    url: '/create',
    summary: 'Grant a phone for some days, view or control: to an account (mobile or UID), or as a grant code',
    access: 'user',
    body: createGrantBody,
    response: createGrantReplySchema,
    handler: ({ auth, body }) => phoneGrants.create(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/use-code',
    summary: 'Redeem a grant code: its phone is listed as authorized to this account until the grant ends',
    access: 'user',
    body: useGrantCodeBody,
    response: z.object({ grantId: z.number().int(), userPhoneId: z.number().int() }),
    handler: ({ auth, body }) => phoneGrants.useCode(auth, body.grantCode),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/revoke',
    summary: "Take a grant back: the grantee's streams close and their keys stop working at once",
    access: 'user',
    body: grantIdBody,
    response: z.null(),
    handler: ({ auth, body }) => phoneGrants.revoke(auth, body.grantId),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/page',
    summary: 'A page of the live grants the user made (side=out) or holds (side=in)',
    access: 'user',
    query: grantPageQuery,
    response: grantPageSchema,
    handler: ({ auth, query: { side, ...paging } }) => phoneGrants.page(auth, side, paging),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/get',
    summary: 'One live grant, as its grantor or its grantee sees it',
    access: 'user',
    query: grantIdQuery,
    response: grantSchema,
    handler: ({ auth, query }) => phoneGrants.get(auth, query.grantId),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/code/clear',
    summary: 'Replace a grant code with a new one; whoever redeemed the old one loses the phone',
    access: 'user',
    body: grantIdBody,
    response: z.object({ grantId: z.number().int(), grantCode: z.string() }),
    handler: ({ auth, body }) => phoneGrants.clearCode(auth, body.grantId),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/code/cancel',
    summary: 'Cancel a grant code: the grant ends, and with it the access of whoever redeemed it',
    access: 'user',
    body: grantIdBody,
    response: z.null(),
    handler: ({ auth, body }) => phoneGrants.cancelCode(auth, body.grantId),
  });
}
