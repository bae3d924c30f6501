import { DAY_MS, type OrderStatus } from '@cloudphone/contracts/commerce';
import { AppError } from '../http/app-error';
import type { Repositories } from '../repositories/index';
import type { OrderRow } from '../repositories/order.repository';
import type { Clock } from './clock';
import type { DeviceHostsService } from './device-hosts.service';
import type { UserPhoneService } from './user-phone.service';

/** Paid orders whose phones can be refunded: the money came in. */
const REFUNDABLE: readonly OrderStatus[] = ['to_be_allocated', 'shipped', 'completed', 'out_of_stock'];

/**
 * What a paid order delivers (spec §1): new phones for a purchase (at once, or later when stock
 * arrives), more time for a renewal, a higher grade for an upgrade; and refunds.
 */
export class FulfilmentService {
  constructor(
    private readonly repos: Repositories,
    private readonly userPhones: UserPhoneService,
    private readonly hosts: DeviceHostsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Delivers an order that has just been paid (its state already moved from unpaid by the one caller
   * that won). A purchase waits "to be allocated" when stock is short and is delivered by the job.
   */
  async deliver(order: OrderRow): Promise<void> {
    if (order.skuType === 'buy') {
      // The payment stands whatever happens here: a purchase not allocated now is the job's.
      await this.allocate(order).catch(() => false);
      return;
    }
    const now = this.clock.now();
    const phones = await this.repos.userPhones.findByIds(order.phoneIds);
    for (const phone of phones) {
      if (order.skuType === 'renew')
        await this.repos.userPhones.renew(phone.id, Math.max(phone.expireTime, now) + order.durationDays * DAY_MS);
      else await this.repos.userPhones.setGrade(phone.id, order.gradeId);
    }
    await this.repos.orders.transition(order.id, ['activating'], 'completed', now);
  }

  /** Makes a waiting purchase's phones if the stock allows; true when they were made. */
  async allocate(order: OrderRow): Promise<boolean> {
    if (!(await this.repos.catalogue.takeStock(order.gradeId, order.deviceCount))) return false;
    const from: OrderStatus[] = ['to_be_allocated', 'activating'];
    let phoneIds: number[];
    try {
      const pkg = order.packageId === null ? undefined : await this.repos.catalogue.package(order.packageId);
      const phones = await this.userPhones.give(order.tenantId, order.userId, order.deviceCount, order.durationDays, {
        trial: pkg?.trial ?? false,
        gradeId: order.gradeId,
      });
      phoneIds = phones.map((p) => p.id);
    } catch (error) {
      await this.repos.catalogue.returnStock(order.gradeId, order.deviceCount);
      throw error;
    }
    // Phones first, then the state: a waiting order always has none, a shipped one always has its own.
    if (!(await this.repos.orders.transition(order.id, from, 'shipped', this.clock.now(), { phoneIds })))
      throw new AppError('conflict');
    return true;
  }

  /** The allocation job: waiting purchases in order of payment, as far as stock goes. */
  async allocateWaiting(): Promise<number> {
    if (!this.hosts.hasHosts()) return 0;
    let allocated = 0;
    for (const order of await this.repos.orders.waitingAllocation()) {
      if (await this.allocate(order).catch(() => false)) allocated++;
    }
    return allocated;
  }

  /**
   * An operator's refund (admin CLI): the order is refunded and what it delivered is taken back —
   * a purchase's phones end now, a renewal's days are removed.
   */
  async refund(orderNo: string, remark: string): Promise<OrderRow> {
    const order = await this.repos.orders.findByNo(orderNo);
    if (!order) throw new AppError('orderNotFound');
    const now = this.clock.now();
    if (!(await this.repos.orders.transition(order.id, REFUNDABLE, 'refunded', now, { remark })))
      throw new AppError('orderNotPayable');
    const phones = await this.repos.userPhones.findByIds(order.phoneIds);
    for (const phone of phones) {
      if (order.skuType === 'buy') {
        await this.repos.userPhones.renew(phone.id, Math.min(phone.expireTime, now));
        await this.hosts.client(phone.deviceHostId)?.revoke(phone.instanceNo, null);
      } else if (order.skuType === 'renew') {
        await this.repos.userPhones.renew(phone.id, Math.max(now, phone.expireTime - order.durationDays * DAY_MS));
      }
    }
    return (await this.repos.orders.findById(order.id)) ?? order;
  }
}
