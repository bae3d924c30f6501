import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import advertisementRoutes from './cms/advertisement';
import agreementRoutes from './cms/agreement';
import articleRoutes from './cms/article';
import singlePageRoutes from './cms/single-page';
import gameRoutes from './device/game';
import keyMapRoutes from './device/key-map';
import analyticsRoutes from './analytics/analytics';
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
import grantRoutes from './device/grant';
import templateRoutes from './device/template';
import cloneRoutes from './device/clone';
import productRoutes from './trade/product';
import orderRoutes from './trade/order';
import payRoutes from './trade/pay';
import activationCodeRoutes from './promotion/activation-code';
import couponRoutes from './promotion/coupon';
import filesRoutes from './files/index';
import eventsRoutes from './events';
import hostRoutes from './host/index';
import brandRoutes from './brand';
import walletNoticeRoutes from './trade/wallet-notice';
import { WALLET_NOTICE_PATH } from '../providers/payments/wallet-context';
import userPhoneTransferRoutes from './device/user-phone-transfer';
import syncRoutes from './device/sync';
import adbRoutes from './device/adb';
import adbKeyRoutes from './merchant/user-adb-key';
import userPhoneNewMachineRoutes from './device/user-phone-new-machine';
import messageRoutes from './message/message';
import openMessageRoutes from './merchant/open-message';
import openAuthCodeRoutes from './merchant/open-auth-code';
import adminSessionRoutes from './admin/session';
import adminOperatorRoutes from './admin/operators';
import adminCatalogueRoutes from './admin/catalogue';
import adminCodeRoutes from './admin/codes';
import adminOrderRoutes from './admin/orders';
import adminCustomerRoutes from './admin/customers';
import adminPhoneRoutes from './admin/phones';
import adminAuditRoutes from './admin/audit';
import adminClientRoutes from './admin/clients';
import adminHostRoutes from './admin/hosts';
import adminWalletRoutes from './admin/wallets';
import adminDiscoverRoutes from './admin/discover';
import adminMessageRoutes from './admin/messages';
import adminDashboardRoutes from './admin/dashboard';
import { UPLOAD_PATH } from '@cloudphone/contracts/files';
import { HOST_CALLS_PATH } from '@cloudphone/contracts/host-registry';
import { EVENTS_PATH } from '@cloudphone/contracts/live-events';
import { BLOB_PATH } from '../providers/blob-store/signed-url';
import type { SmsOutbox } from '../providers/sms/sms-provider';
import type { Clock } from '../services/clock';

/**
 * Each route file serves one URL folder of the endpoint catalogue (packages/contracts/src/endpoints):
 * routes/merchant/client.ts serves `client` of endpoints/merchant.ts, /api/merchant/client/*.
 */
const routeFiles: FastifyPluginAsync[] = [
  clientRoutes,
  clientFunctionRoutes,
  merchantConfigRoutes,
  customerServiceRoutes,
  authRoutes,
  userRoutes,
  infraConfigRoutes,
  agreementRoutes,
  advertisementRoutes,
  articleRoutes,
  singlePageRoutes,
  gameRoutes,
  keyMapRoutes,
  analyticsRoutes,
  deviceGradeRoutes,
  userPhoneRoutes,
  userPhoneTransferRoutes,
  syncRoutes,
  adbRoutes,
  adbKeyRoutes,
  userPhoneNewMachineRoutes,
  phoneGroupRoutes,
  phoneMockModelRoutes,
  grantRoutes,
  templateRoutes,
  cloneRoutes,
  productRoutes,
  orderRoutes,
  payRoutes,
  activationCodeRoutes,
  couponRoutes,
  messageRoutes,
  openMessageRoutes,
  openAuthCodeRoutes,
  adminSessionRoutes,
  adminOperatorRoutes,
  adminCatalogueRoutes,
  adminCodeRoutes,
  adminOrderRoutes,
  adminCustomerRoutes,
  adminPhoneRoutes,
  adminAuditRoutes,
  adminClientRoutes,
  adminHostRoutes,
  adminWalletRoutes,
  adminDiscoverRoutes,
  adminMessageRoutes,
  adminDashboardRoutes,
];

/**
 * The /api/* routes outside the catalogue, none of which answers JSON: the tus upload, blob bytes for
 * hosts, the live channel (server-sent events) and hosts' own signed calls. (The API's documents,
 * /api/openapi.json and /api/docs, are served before these routes.)
 */
const OUTSIDE_CATALOGUE = [UPLOAD_PATH, BLOB_PATH, EVENTS_PATH, HOST_CALLS_PATH, WALLET_NOTICE_PATH];

export async function registerRoutes(
  app: FastifyInstance,
  options: { smsOutbox?: SmsOutbox; anyPeerOutbox: boolean; clock: Clock },
): Promise<void> {
  // Every /api/* call is declared once in the catalogue and served through defineRoute, which documents
  // it; the only others are the few that do not answer JSON, named here.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.endpoint) return;
    if (!OUTSIDE_CATALOGUE.some((path) => route.url === path || route.url.startsWith(`${path}/`)))
      throw new Error(`${route.url} is not in the endpoint catalogue: declare it there and serve it with defineRoute`);
  });
  for (const routes of routeFiles) await app.register(routes);
  // Outside the catalogue: the tus upload, blob bytes for hosts, the live channel, and hosts' own calls.
  await app.register(filesRoutes);
  await app.register(eventsRoutes);
  await app.register(hostRoutes);
  await app.register(brandRoutes);
  await app.register(walletNoticeRoutes);
  if (options.smsOutbox) {
    await app.register(devSmsRoutes, {
      outbox: options.smsOutbox,
      anyPeer: options.anyPeerOutbox,
      clock: options.clock,
    });
  }
}
