import { createHmac } from 'node:crypto';
import { COMMERCE_CONFIG_KEYS, type PayType } from '@cloudphone/contracts/commerce';
import { AlipayProvider } from '../../providers/payments/alipay.provider';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { SimulatedPaymentProvider } from '../../providers/payments/simulated.provider';
import { walletSettingsOf } from '../../providers/payments/wallet-context';
import { WechatPayProvider } from '../../providers/payments/wechat-pay.provider';
import type { Keys } from '../../security/keys';
import type { MessageService } from '../content/message.service';
import type { DeviceHostsService } from '../hosts/device-hosts.service';
import type { EndOfAccessService } from '../phones/access/end-of-access.service';
import type { PhoneAccessService } from '../phones/access/phone-access.service';
import type { UserPhoneService } from '../phones/operations/user-phone.service';
import type { ServiceContext } from '../service-context';
import type { FunctionGate } from '../tenancy/function-gate';
import { ActivationCodeService } from './activation-code.service';
import { CatalogueService } from './catalogue.service';
import { CouponService } from './coupon.service';
import { FulfilmentService } from './fulfilment.service';
import { OrderService } from './order.service';
import { PaymentService } from './payment.service';
import { RefundService } from './refund.service';

/** Catalogue, orders, payment, codes and coupons, and what they stand on. */
export function createCommerce(
  { repos, clock }: ServiceContext,
  deps: {
    keys: Keys;
    /** In production simulated pay is offered only where a tenant turns it on (`pay.simulated` = on). */
    production: boolean;
    /** This server's address as the wallets reach it, for their notices (`SERVER_URL`). */
    serverUrl?: string;
    phoneAccess: PhoneAccessService;
    deviceHosts: DeviceHostsService;
    userPhones: UserPhoneService;
    endOfAccess: EndOfAccessService;
    functions: FunctionGate;
    messages: MessageService;
  },
) {
  const { keys, production, serverUrl = 'http://127.0.0.1' } = deps;
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
  const orders = new OrderService({
    repos,
    catalogue,
    coupons,
    functions: deps.functions,
    clock,
  });
  const fulfilment = new FulfilmentService({
    repos,
    userPhones: deps.userPhones,
    endOfAccess: deps.endOfAccess,
    hosts: deps.deviceHosts,
    clock,
    messages: deps.messages,
  });
  const providers = new Map<PayType, PaymentProvider>([simulatedPay, ...wallets].map((p) => [p.payType, p]));
  const refunds = new RefundService({
    repos,
    providerOf: (payType) => providers.get(payType),
    fulfilment,
    messages: deps.messages,
    clock,
  });
  return {
    catalogue,
    coupons,
    orders,
    fulfilment,
    simulatedPay,
    refunds,
    payments: new PaymentService({
      repos,
      orders,
      fulfilment,
      simulated: simulatedPay,
      providers,
      refunds,
      functions: deps.functions,
      clock,
      messages: deps.messages,
    }),
    activationCodes: new ActivationCodeService({
      repos,
      catalogue,
      fulfilment,
      userPhones: deps.userPhones,
      functions: deps.functions,
      clock,
    }),
  };
}
