import type { Endpoint } from '../endpoint';

/**
 * /api/trade/pay: paying an order, and simulated pay's notice. The wallets' notices are not JSON calls:
 * they are served outside the catalogue (server routes/trade/wallet-notice.ts, docs/payments.md).
 */

export const methods = {
  method: 'GET',
  path: '/api/trade/pay/methods',
  access: 'user',
  summary: 'The ways this tenant takes payment (a wallet only when configured)',
  reply: (s, z) => z.array(s.payMethodSchema),
} satisfies Endpoint;

export const submit = {
  method: 'POST',
  path: '/api/trade/pay/submit',
  access: 'user',
  summary: 'Start paying an order: the simulated pay step, or a wallet link / QR code',
  body: (s) => s.payBody,
  reply: (s) => s.payStartSchema,
} satisfies Endpoint;

export const simulate = {
  method: 'POST',
  path: '/api/trade/pay/simulate',
  access: 'user',
  summary: 'The simulated pay step: pay (the order is paid as by a wallet notice) or cancel',
  body: (s) => s.simulatePayBody,
  reply: (s) => s.orderSchema,
} satisfies Endpoint;

export const activationCode = {
  method: 'POST',
  path: '/api/trade/pay/activation-code',
  access: 'user',
  summary: "Pay an order of one phone with an activation code of the order's package",
  body: (s) => s.payByCodeBody,
  reply: (s) => s.orderSchema,
} satisfies Endpoint;

export const notifySimulated = {
  method: 'POST',
  path: '/api/trade/pay/notify/simulated',
  access: 'public',
  summary: "The simulated provider's signed notice that an order was paid (idempotent)",
  body: (_, z) => z.unknown(),
  reply: (_, z) => z.null(),
} satisfies Endpoint;
