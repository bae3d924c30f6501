import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  orderSchema,
  payBody,
  payByCodeBody,
  payMethodSchema,
  payStartSchema,
  simulatePayBody,
} from '@cloudphone/contracts/commerce';
import { defineRoute } from '../../http/route';

/** /api/trade/pay: paying an order, and the providers' notices. */
export default async function payRoutes(app: FastifyInstance) {
  const { payments } = app.services;

  defineRoute(app, {
    method: 'GET',
    url: '/methods',
    summary: 'The ways this tenant takes payment (a wallet only when configured)',
    access: 'user',
    response: z.array(payMethodSchema),
    handler: ({ auth }) => payments.methods(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/submit',
    summary: 'Start paying an order: the simulated pay step, or a wallet link / QR code',
    access: 'user',
    body: payBody,
    response: payStartSchema,
    handler: ({ auth, body }) => payments.start(auth, body.orderNo, body.payType),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/simulate',
    summary: 'The simulated pay step: pay (the order is paid as by a wallet notice) or cancel',
    access: 'user',
    body: simulatePayBody,
    response: orderSchema,
    handler: ({ auth, body }) => payments.simulate(auth, body.orderNo, body.simulateToken, body.outcome),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/activation-code',
    summary: "Pay an order of one phone with an activation code of the order's package",
    access: 'user',
    body: payByCodeBody,
    response: orderSchema,
    handler: ({ auth, body }) => payments.payByCode(auth, body.orderNo, body.code),
  });

  for (const payType of ['simulated', 'wechat', 'alipay'] as const) {
    defineRoute(app, {
      method: 'POST',
      url: `/notify/${payType}`,
      summary: `The ${payType} provider's signed notice that an order was paid (idempotent)`,
      access: 'public',
      body: z.unknown(),
      response: z.null(),
      handler: ({ body }) => payments.notify(payType, body),
    });
  }
}
