import type { Keys } from '../../security/keys';
import { TokenSigner } from '../../security/signed-token';
import type { ActivationCodeService } from '../commerce/activation-code.service';
import type { FulfilmentService } from '../commerce/fulfilment.service';
import type { OrderService } from '../commerce/order.service';
import type { RefundService } from '../commerce/refund.service';
import type { CouponService } from '../commerce/coupon.service';
import type { UserService } from '../accounts/user.service';
import type { PhoneGrantService } from '../phones/access/phone-grant.service';
import type { PhoneOperationsService } from '../phones/operations/phone-operations.service';
import type { PhoneTransferService } from '../phones/operations/phone-transfer.service';
import type { DeviceHostsService } from '../hosts/device-hosts.service';
import type { HostRegistryService } from '../hosts/host-registry.service';
import type { BrandService } from '../content/brand.service';
import type { ConfigService } from '../tenancy/config.service';
import type { TenantAdminService } from '../tenancy/tenant-admin.service';
import type { MessageService } from '../content/message.service';
import type { GameService } from '../files/game.service';
import type { ServiceContext } from '../service-context';
import { AuditTrail } from './audit-trail';
import { ConsoleCodes } from './console-codes.service';
import { ConsoleCommerce } from './console-commerce.service';
import { ConsoleClients } from './console-clients.service';
import { ConsoleCustomers } from './console-customers.service';
import { ConsoleDiscover } from './console-discover.service';
import { ConsoleMessages } from './console-messages.service';
import { ConsoleDashboard } from './console-dashboard.service';
import { ConsoleHosts } from './console-hosts.service';
import { ConsoleWallets } from './console-wallets.service';
import { OperatorService } from './operator.service';

/** A merchant's staff and what they run (issue 62): operators, the audit trail, and the console's operations. */
export function createConsole(
  { repos, clock, throttle, caches }: ServiceContext,
  deps: {
    keys: Keys;
    activationCodes: ActivationCodeService;
    fulfilment: FulfilmentService;
    orders: OrderService;
    refunds: RefundService;
    coupons: CouponService;
    users: UserService;
    phoneOperations: PhoneOperationsService;
    phoneGrants: PhoneGrantService;
    phoneTransfers: PhoneTransferService;
    deviceHosts: DeviceHostsService;
    hostRegistry: HostRegistryService;
    tenantAdmin: TenantAdminService;
    brand: BrandService;
    config: ConfigService;
    messages: MessageService;
    games: GameService;
  },
) {
  const auditTrail = new AuditTrail({ repos, clock });
  const consoleClients = new ConsoleClients({ repos, audit: auditTrail, ...deps });
  return {
    auditTrail,
    operators: new OperatorService({
      repos,
      signer: new TokenSigner(deps.keys.tokenKey),
      clock,
      caches,
      throttle,
      audit: auditTrail,
    }),
    consoleCommerce: new ConsoleCommerce({ repos, audit: auditTrail, ...deps }),
    consoleCustomers: new ConsoleCustomers({ repos, clock, audit: auditTrail, ...deps }),
    consoleCodes: new ConsoleCodes({ repos, audit: auditTrail, activationCodes: deps.activationCodes, clock }),
    consoleClients,
    consoleHosts: new ConsoleHosts({ repos, clock, audit: auditTrail, hostRegistry: deps.hostRegistry }),
    consoleWallets: new ConsoleWallets({ repos, audit: auditTrail, consoleClients }),
    consoleDiscover: new ConsoleDiscover({ repos, clock, audit: auditTrail, consoleClients, ...deps }),
    consoleMessages: new ConsoleMessages({ repos, clock, audit: auditTrail, messages: deps.messages }),
    consoleDashboard: new ConsoleDashboard({ repos, clock, caches, hostRegistry: deps.hostRegistry, consoleClients }),
  };
}
