import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Keys } from '../security/keys';
import type { SmsProvider } from '../providers/sms/sms-provider';
import type { Repositories } from '../repositories/index';
import { TokenSigner } from '../security/signed-token';
import { DatabaseThrottle } from '../security/throttle';
import { AuthService } from './accounts/auth.service';
import { SessionChanges, type SessionStates } from './accounts/session-changes';
import { ClientService } from './tenancy/client.service';
import type { Clock } from './clock';
import { ConfigService } from './tenancy/config.service';
import { ContentService } from './content/content.service';
import { SmsCodeService } from './accounts/sms-code.service';
import { TenantAdminService } from './tenancy/tenant-admin.service';
import { UserService } from './accounts/user.service';
import { DeviceHostsService } from './hosts/device-hosts.service';
import { HostRegistryService } from './hosts/host-registry.service';
import { joinedHostClient } from '../providers/device-hosts/joined-host';
import { PhoneAccessService } from './phones/access/phone-access.service';
import { PhonePolicyCache } from './phones/access/phone-policy-cache';
import { UserPhoneService } from './phones/operations/user-phone.service';
import { PHONE_TOTALS_KEPT_MS, PhoneOperationsService, type PhoneTotals } from './phones/operations/phone-operations.service';
import { PhoneGroupService } from './phones/operations/phone-group.service';
import { PhoneControlService } from './phones/operations/phone-control.service';
import { PhoneGrantService } from './phones/access/phone-grant.service';
import { CatalogueService } from './commerce/catalogue.service';
import { CouponService } from './commerce/coupon.service';
import { OrderService } from './commerce/order.service';
import { FulfilmentService } from './commerce/fulfilment.service';
import { PaymentService } from './commerce/payment.service';
import { ActivationCodeService } from './commerce/activation-code.service';
import { SimulatedPaymentProvider } from '../providers/payments/simulated.provider';
import type { PaymentProvider } from '../providers/payments/payment-provider';
import { WechatPayProvider } from '../providers/payments/wechat-pay.provider';
import { AlipayProvider } from '../providers/payments/alipay.provider';
import { walletSettingsOf } from '../providers/payments/wallet-context';
import { RefundService } from './commerce/refund.service';
import { SyncService } from './phones/operations/sync.service';
import { COMMERCE_CONFIG_KEYS, type PayType } from '@cloudphone/contracts/commerce';
import { createHmac } from 'node:crypto';
import type { JobRunner } from '../jobs/job-runner';
import { EndOfAccessService } from './phones/access/end-of-access.service';
import { HostDeliveryService } from './hosts/host-delivery.service';
import { HostTaskService } from './phones/tasks/host-task.service';
import type { BlobStore } from '../providers/blob-store/blob-store';
import { InProcessEventBus, type LiveEventBus } from '../events/live-event-bus';
import { type CacheInvalidation, InProcessCacheInvalidation } from './caches/cache-invalidation';
import { KeptReads } from './caches/kept-reads';
import { FilesService } from './files/files.service';
import { FilePushService } from './files/file-push.service';
import { FunctionGate } from './tenancy/function-gate';
import { AdbService } from './phones/access/adb.service';
import { QuotaService } from './tenancy/quota.service';
import { PhoneReplacementService } from './phones/operations/phone-replacement.service';
import { PhoneTransferService } from './phones/operations/phone-transfer.service';
import { NewMachineService } from './phones/operations/new-machine.service';
import { TemplateService } from './phones/tasks/template.service';
import { CloneService } from './phones/tasks/clone.service';
import { BrandService, type Picture } from './content/brand.service';
import { MessageService } from './content/message.service';
import { GameService } from './files/game.service';
import { AnalyticsService } from './content/analytics.service';

export interface ServiceDeps {
  repos: Repositories;
  keys: Keys;
  sms: SmsProvider;
  clock: Clock;
  /** Where durable background work runs (jobs/): services trigger it, the server runs it. */
  jobs: JobRunner;
  /** In production simulated pay is offered only where a tenant turns it on (`pay.simulated` = on). */
  production?: boolean;
  /** Where uploaded files live (issue 14). */
  blobs: BlobStore;
  /** Live events to browsers (DESIGN §10); in this process when absent. */
  events?: LiveEventBus;
  /** Word between API nodes that a cache is stale (DESIGN §8); in this process when absent. */
  caches?: CacheInvalidation;
  /** This server's address as the wallets reach it, for their notices (`SERVER_URL`). */
  serverUrl?: string;
}

/** The product's own logo (the web app's), for a client that has none of its own. */
const PRODUCT_LOGO = fileURLToPath(new URL('../../../web/public/icons/logo.svg', import.meta.url));
const productLogo = async (): Promise<Picture> => ({ bytes: await readFile(PRODUCT_LOGO), type: 'image/svg+xml' });

export function createServices({
  repos,
  keys,
  sms,
  clock,
  jobs,
  production = false,
  blobs,
  events = new InProcessEventBus(),
  caches = new InProcessCacheInvalidation(),
  serverUrl,
}: ServiceDeps) {
  const signer = new TokenSigner(keys.tokenKey);
  const sessionStates: SessionStates = new KeptReads(caches, 'sessions');
  const sessionChanges = new SessionChanges(sessionStates, events);
  const phoneTotals: PhoneTotals = new KeptReads(caches, 'phone-totals', PHONE_TOTALS_KEPT_MS);
  const throttle = new DatabaseThrottle(repos.throttleCounters, clock);
  const smsCodes = new SmsCodeService(repos, sms, clock, keys.tokenKey, throttle);
  // Hosts that joined are driven with their own keys, and fetch blobs from this server (`SERVER_URL`).
  const deviceHosts = new DeviceHostsService(
    repos,
    clock,
    keys.hostKey,
    events,
    (host) => joinedHostClient(host, serverUrl ?? ''),
    caches,
  );
  const keptPolicy = new PhonePolicyCache(repos, caches, clock);
  const hostDelivery = new HostDeliveryService(repos, deviceHosts, jobs, clock, keptPolicy);
  const phoneAccess = new PhoneAccessService(repos, deviceHosts, clock, hostDelivery, keptPolicy);
  const userPhones = new UserPhoneService(repos, deviceHosts, clock, phoneTotals);
  const endOfAccess = new EndOfAccessService(repos, hostDelivery, clock, keptPolicy);
  const functions = new FunctionGate(repos);
  const config = new ConfigService(repos);
  const quotas = new QuotaService(config, clock);
  const hostTasks = new HostTaskService(repos, deviceHosts, events, clock);
  const messages = new MessageService(repos, events, clock);
  const files = new FilesService(repos, blobs, config, throttle, events, clock);
  const filePushes = new FilePushService(
    repos,
    deviceHosts,
    phoneAccess,
    config,
    jobs,
    events,
    clock,
    hostTasks,
    messages,
  );
  const phoneControl = new PhoneControlService(
    deviceHosts,
    phoneAccess,
    endOfAccess,
    clock,
    throttle,
    functions,
    hostTasks,
  );
  const phoneGrants = new PhoneGrantService(
    repos,
    phoneAccess,
    endOfAccess,
    functions,
    throttle,
    clock,
    events,
    messages,
    keptPolicy,
  );
  const templates = new TemplateService(
    repos,
    phoneAccess,
    quotas,
    functions,
    deviceHosts,
    events,
    clock,
    hostTasks,
    blobs,
  );
  const commerce = createCommerce(
    { repos, keys, clock, production, serverUrl },
    { phoneAccess, deviceHosts, userPhones, endOfAccess, functions, messages },
  );
  return {
    clock,
    ...commerce,
    deviceHosts,
    hostRegistry: new HostRegistryService(repos, deviceHosts, clock),
    hostDelivery,
    hostTasks,
    phoneAccess,
    endOfAccess,
    functions,
    quotas,
    templates,
    clones: new CloneService(
      repos,
      templates,
      phoneAccess,
      quotas,
      functions,
      deviceHosts,
      events,
      clock,
      hostTasks,
      blobs,
      messages,
    ),
    phoneOperations: new PhoneOperationsService(repos, deviceHosts, phoneAccess, clock, caches, phoneTotals),
    sync: new SyncService(repos, phoneAccess, deviceHosts, clock, events),
    adb: new AdbService(repos, phoneAccess, functions, hostDelivery, clock),
    phoneControl,
    phoneTransfers: new PhoneTransferService(
      repos,
      phoneAccess,
      endOfAccess,
      quotas,
      functions,
      jobs,
      clock,
      events,
      messages,
      phoneTotals,
    ),
    newMachines: new NewMachineService(
      repos,
      deviceHosts,
      phoneAccess,
      phoneControl,
      endOfAccess,
      functions,
      jobs,
      clock,
      hostTasks,
    ),
    phoneGrants,
    messages,
    phoneGroups: new PhoneGroupService(phoneAccess, repos, clock),
    phoneReplacements: new PhoneReplacementService(
      repos,
      phoneAccess,
      endOfAccess,
      deviceHosts,
      functions,
      config,
      clock,
      events,
      messages,
    ),
    userPhones,
    clients: new ClientService(repos),
    config,
    events,
    files,
    filePushes,
    games: new GameService(repos, blobs, files, filePushes, clock),
    analytics: new AnalyticsService(repos, throttle, jobs, clock),
    content: new ContentService(repos),
    brand: new BrandService(repos, blobs, productLogo),
    tenantAdmin: new TenantAdminService(repos, hostDelivery),
    smsCodes,
    auth: new AuthService(repos, smsCodes, signer, clock, throttle, sessionStates, sessionChanges),
    users: new UserService(repos, smsCodes, signer, clock, endOfAccess, phoneGrants, sessionChanges),
  };
}
/** Catalogue, orders, payment, codes and coupons, and what they stand on. */
function createCommerce(
  {
    repos,
    keys,
    clock,
    production,
    serverUrl = 'http://127.0.0.1',
  }: Omit<ServiceDeps, 'sms' | 'jobs' | 'blobs' | 'events' | 'caches'>,
  deps: {
    phoneAccess: PhoneAccessService;
    deviceHosts: DeviceHostsService;
    userPhones: UserPhoneService;
    endOfAccess: EndOfAccessService;
    functions: FunctionGate;
    messages: MessageService;
  },
) {
  const tenantSetting = async (tenantId: number, key: string) =>
    (await repos.config.tenantValues(tenantId, [key])).get(key);
  const simulatedPay = new SimulatedPaymentProvider(
    createHmac('sha256', keys.tokenKey).update('payment:simulated').digest('hex'),
    async (tenantId) => !production || (await tenantSetting(tenantId, COMMERCE_CONFIG_KEYS.simulated)) === 'on',
  );
  // Each client's wallets, as the admin CLI set them up (pay:wechat, pay:alipay).
  const clientWallets = {
    clientValue: async (clientId: number, key: string) => (await repos.config.clientValues(clientId, [key])).get(key),
    clientNo: async (clientId: number) => (await repos.clients.findById(clientId))?.clientNo,
  };
  const wallets = [
    new WechatPayProvider(walletSettingsOf('wechat', clientWallets, serverUrl)),
    new AlipayProvider(walletSettingsOf('alipay', clientWallets, serverUrl)),
  ];
  const catalogue = new CatalogueService(repos, clock);
  const coupons = new CouponService(repos, clock);
  const orders = new OrderService(repos, catalogue, coupons, deps.phoneAccess, deps.functions, clock);
  const fulfilment = new FulfilmentService(
    repos,
    deps.userPhones,
    deps.endOfAccess,
    deps.deviceHosts,
    clock,
    deps.messages,
  );
  const providers = new Map<PayType, PaymentProvider>([simulatedPay, ...wallets].map((p) => [p.payType, p]));
  const refunds = new RefundService(repos, (payType) => providers.get(payType), fulfilment, deps.messages, clock);
  return {
    catalogue,
    coupons,
    orders,
    fulfilment,
    simulatedPay,
    refunds,
    payments: new PaymentService(
      repos,
      orders,
      fulfilment,
      simulatedPay,
      providers,
      refunds,
      deps.functions,
      clock,
      deps.messages,
    ),
    activationCodes: new ActivationCodeService(
      repos,
      catalogue,
      deps.phoneAccess,
      fulfilment,
      deps.userPhones,
      deps.functions,
      clock,
    ),
  };
}

export type Services = ReturnType<typeof createServices>;
