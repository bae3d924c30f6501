import type { CouponSpec } from '@cloudphone/contracts/promotion';
import type { PhoneRental } from '@cloudphone/contracts/console-customers';
import type { AuditActor } from '../../repositories/audit.repository';
import type { CustomerSearch } from '../../repositories/customer-search';
import type { PhoneSearch } from '../../repositories/phone-search';
import type { RepositoriesOf } from '../../repositories/index';
import type { User } from '../../repositories/user.repository';
import type { AuthUser } from '../accounts/auth.service';
import type { UserService } from '../accounts/user.service';
import { AppError } from '../app-error';
import type { Clock } from '../clock';
import type { CouponService } from '../commerce/coupon.service';
import type { DeviceHostsService } from '../hosts/device-hosts.service';
import type { PhoneGrantService } from '../phones/access/phone-grant.service';
import type { PhoneOperationsService } from '../phones/operations/phone-operations.service';
import type { PhoneTransferService } from '../phones/operations/phone-transfer.service';
import type { AuditTrail } from './audit-trail';

/** How many of each a customer's page shows: support answers a call, it does not audit an account. */
const SHOWN = { pageNo: 1, pageSize: 50 };

const customerOf = (user: User) => ({
  userId: user.id,
  userNo: user.userNo,
  mobile: user.mobile,
  nickname: user.nickname,
  status: user.status,
  registerTime: user.registerTime,
});

/**
 * A tenant's customers and their phones as its staff see them (issue 63): found by mobile or UID; shown as their own
 * app shows them (the customer services read as the customer, never a second reading of the tables);
 * stopped and let in again, and given coupons — each change with its audit row in one unit of work.
 */
export class ConsoleCustomers {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'users' | 'userPhones' | 'audit'>;
      clock: Clock;
      deviceHosts: DeviceHostsService;
      audit: AuditTrail;
      users: UserService;
      phoneOperations: PhoneOperationsService;
      phoneGrants: PhoneGrantService;
      phoneTransfers: PhoneTransferService;
      coupons: CouponService;
    },
  ) {}

  search(tenantId: number, filter: CustomerSearch) {
    return this.deps.repos.users.searchOfTenant(tenantId, filter);
  }

  /** Every phone of the tenant by host, rental and customer, with what its host says of it now. */
  async phones(tenantId: number, filter: PhoneSearch) {
    const now = this.deps.clock.now();
    const page = await this.deps.repos.userPhones.searchOfTenant(tenantId, filter, now);
    const running = page.list.filter((phone) => phone.releasedAt === null);
    const told = await this.deps.deviceHosts.describePhones(running);
    return {
      total: page.total,
      list: page.list.map((phone) => ({
        ...phone,
        rental: (phone.releasedAt !== null
          ? 'released'
          : phone.expireTime <= now
            ? 'expired'
            : 'active') as PhoneRental,
        status: told.get(phone.instanceNo)?.status ?? 'unknown',
      })),
    };
  }

  async detail(tenantId: number, userId: number) {
    const user = await this.customer(tenantId, userId);
    // The customer's own reading: no session, no client, the operator's language.
    const asCustomer: AuthUser = { userId, tenantId, clientId: 0, sessionId: 0, language: null };
    const [phones, grantsOut, grantsIn, transfersOut, transfersIn, devices] = await Promise.all([
      this.deps.phoneOperations.list(asCustomer, { ...SHOWN, sort: 0 }),
      this.deps.phoneGrants.page(asCustomer, 'out', SHOWN),
      this.deps.phoneGrants.page(asCustomer, 'in', SHOWN),
      this.deps.phoneTransfers.page(asCustomer, { side: 'out', ...SHOWN }),
      this.deps.phoneTransfers.page(asCustomer, { side: 'in', ...SHOWN }),
      this.deps.users.loginDevices(asCustomer),
    ]);
    return {
      customer: customerOf(user),
      phones: phones.list,
      phoneTotal: phones.total,
      grantsOut: grantsOut.list,
      grantsIn: grantsIn.list,
      transfersOut: transfersOut.list,
      transfersIn: transfersIn.list,
      devices,
    };
  }

  /** Stops a customer (signed out everywhere, sign-in refused) or lets them in again. */
  async setDisabled(actor: AuditActor, tenantId: number, userId: number, disabled: boolean) {
    return this.deps.repos.transaction(async (tx) => {
      const user = await this.customer(tenantId, userId, tx);
      if (user.status === 'unregistered') throw new AppError('customerNotFound');
      if (await this.deps.users.setDisabled(tx, user, disabled))
        await this.deps.audit.record(tx, actor, tenantId, {
          action: disabled ? 'customer.disable' : 'customer.enable',
          target: ['customer', user.userNo],
          before: { status: user.status },
          after: { status: disabled ? 'disabled' : 'active' },
        });
      return customerOf({ ...user, status: disabled ? 'disabled' : 'active' });
    });
  }

  async giveCoupon(actor: AuditActor, tenantId: number, userId: number, coupon: CouponSpec): Promise<void> {
    await this.deps.repos.transaction(async (tx) => {
      const user = await this.customer(tenantId, userId, tx);
      await this.deps.coupons.issue(tenantId, user.id, [coupon], 'operator', tx);
      await this.deps.audit.record(tx, actor, tenantId, {
        action: 'customer.coupon',
        target: ['customer', user.userNo],
        after: coupon,
      });
    });
  }

  /** The tenant's customer `userId`; another tenant's is one that does not exist. */
  private async customer(tenantId: number, userId: number, repos: RepositoriesOf<'users'> = this.deps.repos) {
    const user = await repos.users.findById(userId);
    if (!user || user.tenantId !== tenantId) throw new AppError('customerNotFound');
    return user;
  }
}
