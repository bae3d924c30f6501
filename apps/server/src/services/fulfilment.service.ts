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
    const grade = await this.repos.catalogue.grade(order.tenantId, order.gradeId);
    let remark: string | undefined;
    for (const phone of phones) {
      if (order.skuType === 'renew') await this.repos.userPhones.extend(phone.id, now, order.durationDays * DAY_MS);
      else if (phone.gradeId === order.gradeId || !grade) remark = 'the phone already had this grade: refund due';
      else await this.repos.userPhones.setGrade(phone.id, order.gradeId);
    }
    await this.repos.orders.transition(order.id, ['activating'], 'completed', now, remark ? { remark } : {});
  }

  /**
   * Makes a waiting purchase's phones if the stock allows; true when they were made. The order is
   * claimed (moved to shipped) before any phone is made, so of racing allocators one makes phones.
   */
  async allocate(order: OrderRow): Promise<boolean> {
    if (!(await this.repos.catalogue.takeStock(order.gradeId, order.deviceCount))) return false;
    // A purchase by activation code is activating; a paid one waits to be allocated.
    const waiting: OrderStatus = order.status === 'activating' ? 'activating' : 'to_be_allocated';
    if (!(await this.repos.orders.transition(order.id, [waiting], 'shipped', this.clock.now()))) {
      await this.repos.catalogue.returnStock(order.gradeId, order.deviceCount);
      return false;
    }
    const made: number[] = [];
    try {
      const pkg = order.packageId === null ? undefined : await this.repos.catalogue.package(order.packageId);
      for (let i = 0; i < order.deviceCount; i++) {
        const [phone] = await this.userPhones.give(order.tenantId, order.userId, 1, order.durationDays, {
          trial: pkg?.trial ?? false,
          gradeId: order.gradeId,
        });
        if (phone) made.push(phone.id);
      }
      await this.repos.orders.setPhones(order.id, made);
      return true;
    } catch (error) {
      // Nothing half-made stays: the phones go, the stock comes back, and the order waits again.
      await this.repos.userPhones.remove(made);
      await this.repos.catalogue.returnStock(order.gradeId, order.deviceCount);
      await this.repos.orders.transition(order.id, ['shipped'], waiting, this.clock.now());
      throw error;
    }
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
        await this.repos.userPhones.endNow(phone.id, now);
        await this.hosts.client(phone.deviceHostId)?.revoke(phone.instanceNo, null);
      } else if (order.skuType === 'renew') {
        await this.repos.userPhones.shorten(phone.id, now, order.durationDays * DAY_MS);
      }
    }
    return (await this.repos.orders.findById(order.id)) ?? order;
  }
}
