import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  orderNoQuery,
  orderPageQuery,
  orderPageSchema,
  orderRequestSchema,
  orderSchema,
  quoteSchema,
  upgradeOptionSchema,
} from '@cloudphone/contracts/commerce';
import { userPhoneIdQuery } from '@cloudphone/contracts/phones';
import { defineRoute } from '../../http/route';

/** The client's key for a placement (DESIGN §3), up to 64 characters. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length > 0 && key.length <= 64 ? key : undefined;
}

/** /api/trade/order: buying, renewing and upgrading phones, and the order list (spec §1, §3, §4). */
export default async function orderRoutes(app: FastifyInstance) {
  const { orders, catalogue, phoneAccess } = app.services;

  defineRoute(app, {
    method: 'POST',
    url: '/quote',
    summary: 'The price of a purchase, renewal or upgrade before ordering, with the coupon applied',
    access: 'user',
    body: orderRequestSchema,
    response: quoteSchema,
    handler: ({ auth, body }) => orders.quote(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/create',
    summary:
      'Place an order (to pay); its coupon is held for it until it is paid or closes. An Idempotency-Key header makes a repeat answer the same order',
    access: 'user',
    body: orderRequestSchema,
    response: orderSchema,
    handler: ({ request, auth, body }) => orders.place(auth, body, idempotencyKeyOf(request)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/get',
    summary: "One of the user's orders, with its payment result and every state it passed",
    access: 'user',
    query: orderNoQuery,
    response: orderSchema,
    handler: ({ auth, query }) => orders.get(auth, query.orderNo),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/page',
    summary: "A page of the user's orders, newest first",
    access: 'user',
    query: orderPageQuery,
    response: orderPageSchema,
    handler: ({ auth, query }) => orders.page(auth, query),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/cancel',
    summary: 'Cancel an unpaid order; its coupon is free again',
    access: 'user',
    query: orderNoQuery,
    response: orderSchema,
    handler: ({ auth, query }) => orders.cancel(auth, query.orderNo),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/upgrade-options',
    summary: 'The higher grades a phone can upgrade to and the difference each costs',
    access: 'user',
    query: userPhoneIdQuery,
    response: z.array(upgradeOptionSchema),
    handler: async ({ auth, query }) =>
      catalogue.upgradeOptions(auth, await phoneAccess.ownPhone(auth, query.userPhoneId)),
  });
}
