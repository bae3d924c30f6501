import type { FastifyInstance } from 'fastify';
import {
  giveBody,
  giveCheckReplySchema,
  giveReplySchema,
  transferPageQuery,
  transferPageSchema,
} from '@cloudphone/contracts/transfers';
import { defineRoute } from '../../http/route';

/** /api/device/user/phone: transferring phones to another account (spec §7 give, give-check). */
export default async function phoneTransferRoutes(app: FastifyInstance) {
  const { phoneTransfers } = app.services;

  defineRoute(app, {
    method: 'PUT',
    url: '/give-check',
    summary: 'Whether each phone may be transferred to the account now, and why not; changes nothing',
    access: 'user',
    body: giveBody,
    response: giveCheckReplySchema,
    handler: ({ auth, body }) => phoneTransfers.check(auth, body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/give',
    summary: "Transfer phones to another account of the tenant (its mobile or UID); the reply is the transfer's number",
    access: 'user',
    body: giveBody,
    response: giveReplySchema,
    handler: ({ auth, body }) => phoneTransfers.give(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/transfer/page',
    summary: 'A page of the transfers the user launched (side=out) or received (side=in), newest first',
    access: 'user',
    query: transferPageQuery,
    response: transferPageSchema,
    handler: ({ auth, query }) => phoneTransfers.page(auth, query),
  });
}
