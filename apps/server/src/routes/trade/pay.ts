import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as pay from '@cloudphone/contracts/endpoints/trade/pay';
import { defineRoute } from '../../http/route';
import type { PayPlace } from '../../providers/payments/payment-provider';

/** Where the pay page is open, from its browser's user agent (spec §1: in-app browsers by user agent). */
export function payPlaceOf(request: FastifyRequest): PayPlace {
  const agent = request.headers['user-agent'] ?? '';
  return {
    browser: /MicroMessenger/i.test(agent) ? 'wechat' : /AlipayClient/i.test(agent) ? 'alipay' : 'other',
    phone: /Android|iPhone|iPad|Mobile/i.test(agent),
    clientIp: request.ip,
  };
}

/** /api/trade/pay: paying an order, and simulated pay's notice (the wallets' are in wallet-notice.ts). */
export default async function payRoutes(app: FastifyInstance) {
  const { payments } = app.services;

  defineRoute(app, pay.methods, ({ request, auth }) => payments.methods(auth, payPlaceOf(request)));
  defineRoute(app, pay.submit, ({ request, auth, body }) =>
    payments.start(auth, body.orderNo, body.payType, {
      ...payPlaceOf(request),
      returnUrl: body.returnUrl,
      wechatCode: body.wechatCode,
    }),
  );
  defineRoute(app, pay.simulate, ({ auth, body }) =>
    payments.simulate(auth, body.orderNo, body.simulateToken, body.outcome),
  );
  defineRoute(app, pay.activationCode, ({ auth, body }) => payments.payByCode(auth, body.orderNo, body.code));
  defineRoute(app, pay.notifySimulated, ({ body }) => payments.notifySimulated(body));
}
