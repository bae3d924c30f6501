import type { EndpointGroup } from './endpoint';

/** /api/trade/product: what the tenant sells. */
export const product = {
  list: {
    method: 'GET',
    path: '/api/trade/product/list',
    access: 'tenant',
    summary: 'Device grades on sale with their packages (for buying or renewing) and stock',
    query: (s) => s.productListQuery,
    reply: (s, z) => z.array(s.productSchema),
  },
} satisfies EndpointGroup;

/** /api/trade/order: buying, renewing and upgrading phones, and the order list (spec §1, §3, §4). */
export const order = {
  quote: {
    method: 'POST',
    path: '/api/trade/order/quote',
    access: 'user',
    summary: 'The price of a purchase, renewal or upgrade before ordering, with the coupon applied',
    body: (s) => s.orderRequestSchema,
    reply: (s) => s.quoteSchema,
  },
  create: {
    method: 'POST',
    path: '/api/trade/order/create',
    access: 'user',
    summary:
      'Place an order (to pay); its coupon is held for it until it is paid or closes. An Idempotency-Key header makes a repeat answer the same order',
    body: (s) => s.orderRequestSchema,
    reply: (s) => s.orderSchema,
  },
  get: {
    method: 'GET',
    path: '/api/trade/order/get',
    access: 'user',
    summary: "One of the user's orders, with its payment result and every state it passed",
    query: (s) => s.orderNoQuery,
    reply: (s) => s.orderSchema,
  },
  page: {
    method: 'GET',
    path: '/api/trade/order/page',
    access: 'user',
    summary: "A page of the user's orders, newest first",
    query: (s) => s.orderPageQuery,
    reply: (s) => s.orderPageSchema,
  },
  cancel: {
    method: 'PUT',
    path: '/api/trade/order/cancel',
    access: 'user',
    summary: 'Cancel an unpaid order; its coupon is free again',
    query: (s) => s.orderNoQuery,
    reply: (s) => s.orderSchema,
  },
  upgradeOptions: {
    method: 'GET',
    path: '/api/trade/order/upgrade-options',
    access: 'user',
    summary: 'The higher grades a phone can upgrade to and the difference each costs',
    query: (s) => s.userPhoneIdQuery,
    reply: (s, z) => z.array(s.upgradeOptionSchema),
  },
} satisfies EndpointGroup;

/** /api/trade/pay: paying an order, and the providers' notices. */
export const pay = {
  methods: {
    method: 'GET',
    path: '/api/trade/pay/methods',
    access: 'user',
    summary: 'The ways this tenant takes payment (a wallet only when configured)',
    reply: (s, z) => z.array(s.payMethodSchema),
  },
  submit: {
    method: 'POST',
    path: '/api/trade/pay/submit',
    access: 'user',
    summary: 'Start paying an order: the simulated pay step, or a wallet link / QR code',
    body: (s) => s.payBody,
    reply: (s) => s.payStartSchema,
  },
  simulate: {
    method: 'POST',
    path: '/api/trade/pay/simulate',
    access: 'user',
    summary: 'The simulated pay step: pay (the order is paid as by a wallet notice) or cancel',
    body: (s) => s.simulatePayBody,
    reply: (s) => s.orderSchema,
  },
  activationCode: {
    method: 'POST',
    path: '/api/trade/pay/activation-code',
    access: 'user',
    summary: "Pay an order of one phone with an activation code of the order's package",
    body: (s) => s.payByCodeBody,
    reply: (s) => s.orderSchema,
  },
  notifySimulated: {
    method: 'POST',
    path: '/api/trade/pay/notify/simulated',
    access: 'public',
    summary: "The simulated provider's signed notice that an order was paid (idempotent)",
    body: (_, z) => z.unknown(),
    reply: (_, z) => z.null(),
  },
  notifyWechat: {
    method: 'POST',
    path: '/api/trade/pay/notify/wechat',
    access: 'public',
    summary: "The wechat provider's signed notice that an order was paid (idempotent)",
    body: (_, z) => z.unknown(),
    reply: (_, z) => z.null(),
  },
  notifyAlipay: {
    method: 'POST',
    path: '/api/trade/pay/notify/alipay',
    access: 'public',
    summary: "The alipay provider's signed notice that an order was paid (idempotent)",
    body: (_, z) => z.unknown(),
    reply: (_, z) => z.null(),
  },
} satisfies EndpointGroup;
