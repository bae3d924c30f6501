import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import advertisementRoutes from './cms/advertisement';
import agreementRoutes from './cms/agreement';
import deviceGradeRoutes from './device/grade';
import infraConfigRoutes from './infra/config';
import clientRoutes from './merchant/client';
import clientFunctionRoutes from './merchant/client-function';
import merchantConfigRoutes from './merchant/config';
import customerServiceRoutes from './merchant/customer-service';
import authRoutes from './merchant/auth';
import userRoutes from './merchant/user';
import devSmsRoutes from './dev/sms';
import userPhoneRoutes from './device/user-phone';
import phoneGroupRoutes from './device/phone-group';
import phoneMockModelRoutes from './device/phone-mock-model';
import productRoutes from './trade/product';
import orderRoutes from './trade/order';
import payRoutes from './trade/pay';
import activationCodeRoutes from './promotion/activation-code';
import couponRoutes from './promotion/coupon';
import filesRoutes from './files/index';
import eventsRoutes from './events';
import type { SmsOutbox } from '../providers/sms/sms-provider';
import type { Clock } from '../services/clock';

/** Each route file is the URL folder it serves: routes/merchant/client.ts → /api/merchant/client/*. */
const routeFolders: [prefix: string, routes: FastifyPluginAsync][] = [
  ['/api/merchant/client', clientRoutes],
  ['/api/merchant/client-function', clientFunctionRoutes],
  ['/api/merchant/config', merchantConfigRoutes],
  ['/api/merchant/customer-service', customerServiceRoutes],
  ['/api/merchant/auth', authRoutes],
  ['/api/merchant/user', userRoutes],
  ['/api/infra/config', infraConfigRoutes],
  ['/api/cms/agreement', agreementRoutes],
  ['/api/cms/advertisement', advertisementRoutes],
  ['/api/device/grade', deviceGradeRoutes],
  ['/api/device/user/phone', userPhoneRoutes],
  ['/api/device/phone-group', phoneGroupRoutes],
  ['/api/device/phone-mock-model', phoneMockModelRoutes],
  ['/api/trade/product', productRoutes],
  ['/api/trade/order', orderRoutes],
  ['/api/trade/pay', payRoutes],
  ['/api/promotion/activation-code', activationCodeRoutes],
  ['/api/promotion/coupon', couponRoutes],
];

export async function registerRoutes(
  app: FastifyInstance,
  options: { smsOutbox?: SmsOutbox; anyPeerOutbox: boolean; clock: Clock; hostKey: string },
): Promise<void> {
  for (const [prefix, routes] of routeFolders) await app.register(routes, { prefix });
  await app.register(filesRoutes, { prefix: '/api/files', hostKey: options.hostKey });
  await app.register(eventsRoutes, { prefix: '/api/events' });
  if (options.smsOutbox) {
    await app.register(devSmsRoutes, {
      prefix: '/api/dev',
      outbox: options.smsOutbox,
      anyPeer: options.anyPeerOutbox,
      clock: options.clock,
    });
  }
}
