import type { Endpoint } from '../endpoint';

/** /api/trade/order: buying, renewing and upgrading phones, and the order list (spec §1, §3, §4). */

export const quote = {
  method: 'POST',
  path: '/api/trade/order/quote',
  access: 'user',
  phone: 'renew',
  summary: 'The price of a purchase, renewal or upgrade before ordering, with the coupon applied',
  body: (s) => s.orderRequestSchema,
  reply: (s) => s.quoteSchema,
} satisfies Endpoint;

export const create = {
  method: 'POST',
  path: '/api/trade/order/create',
  access: 'user',
  phone: 'renew',
  summary:
    'Place an order (to pay); its coupon is held for it until it is paid or closes. An Idempotency-Key header makes a repeat answer the same order',
  body: (s) => s.orderRequestSchema,
  reply: (s) => s.orderSchema,
} satisfies Endpoint;

export const get = {
  method: 'GET',
  path: '/api/trade/order/get',
  access: 'user',
  summary: "One of the user's orders, with its payment result and every state it passed",
  query: (s) => s.orderNoQuery,
  reply: (s) => s.orderSchema,
} satisfies Endpoint;

export const page = {
  method: 'GET',
  path: '/api/trade/order/page',
  access: 'user',
  summary: "A page of the user's orders, newest first",
  query: (s) => s.orderPageQuery,
  reply: (s) => s.orderPageSchema,
} satisfies Endpoint;

export const cancel = {
  method: 'PUT',
  path: '/api/trade/order/cancel',
  access: 'user',
  summary: 'Cancel an unpaid order; its coupon is free again',
  query: (s) => s.orderNoQuery,
  reply: (s) => s.orderSchema,
} satisfies Endpoint;

export const upgradeOptions = {
  method: 'GET',
  path: '/api/trade/order/upgrade-options',
  access: 'user',
  phone: 'upgrade',
  summary: 'The higher grades a phone can upgrade to and the difference each costs',
  query: (s) => s.userPhoneIdQuery,
  reply: (s, z) => z.array(s.upgradeOptionSchema),
} satisfies Endpoint;
