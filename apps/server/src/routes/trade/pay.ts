import type { FastifyInstance } from 'fastify';
import * as pay from '@cloudphone/contracts/endpoints/trade/pay';
import { defineRoute } from '../../http/route';

/** /api/trade/pay: paying an order, and the providers' notices. */
export default async function payRoutes(app: FastifyInstance) {
  const { payments } = app.services;

  defineRoute(app, pay.methods, ({ auth }) => payments.methods(auth));
  defineRoute(app, pay.submit, ({ auth, body }) => payments.start(auth, body.orderNo, body.payType));
  defineRoute(app, pay.simulate, ({ auth, body }) =>
    payments.simulate(auth, body.orderNo, body.simulateToken, body.outcome),
  );
  defineRoute(app, pay.activationCode, ({ auth, body }) => payments.payByCode(auth, body.orderNo, body.code));
  defineRoute(app, pay.notifySimulated, ({ body }) => payments.notify('simulated', body));
  defineRoute(app, pay.notifyWechat, ({ body }) => payments.notify('wechat', body));
  defineRoute(app, pay.notifyAlipay, ({ body }) => payments.notify('alipay', body));
}
