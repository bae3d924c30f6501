import { DAY_MS, REFUNDABLE_STATUSES, type OrderStatus } from '@cloudphone/contracts/commerce';
import { AppError } from '../app-error';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { OrderRow } from '../../repositories/order.repository';
import type { Clock } from '../clock';
import type { DeviceHostsService } from '../hosts/device-hosts.service';
import type { EndOfAccessService } from '../phones/access/end-of-access.service';
import type { UserPhoneService } from '../phones/operations/user-phone.service';
import type { MessageService } from '../content/message.service';

/** Paid orders whose phones can be refunded: the money came in. */
export const REFUNDABLE = REFUNDABLE_STATUSES;

/**
 * What a paid order delivers (spec §1): new phones for a purchase (at once, or later when stock
 * arrives), more time for a renewal, a higher grade for an upgrade; and refunds.
 *
 * Each runs inside the unit of work of the payment or code that pays for it, so the money, the
 * order's state and what it delivers commit together. The one step outside the database — a host
 * making the phones — follows the commit (`provisionOrder`) and is finished by the jobs after a crash.
 */
export class FulfilmentService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'catalogue' | 'orders' | 'userPhones' | 'messages'>;
      userPhones: UserPhoneService;
      endOfAccess: EndOfAccessService;
      hosts: DeviceHostsService;
      clock: Clock;
      messages: MessageService;
    },
  ) {}

  /**
   * Delivers an order that has just been paid, in the payment's unit of work `tx`. A purchase short
   * of stock waits "to be allocated" for the allocation job; a renewal or upgrade completes at once.
   */
  async deliverIn(tx: Repositories, order: OrderRow): Promise<void> {
    if (order.skuType === 'buy') {
      await this.allocateIn(tx, order);
      return;
    }
    const now = this.deps.clock.now();
    const grade = await tx.catalogue.grade(order.tenantId, order.gradeId);
    let remark: string | undefined;
    for (const phone of await tx.userPhones.findByIds(order.phoneIds)) {
      if (order.skuType === 'renew') await tx.userPhones.extend(phone.id, now, order.durationDays * DAY_MS);
      else if (phone.gradeId === order.gradeId || !grade) remark = 'the phone already had this grade: refund due';
      else await tx.userPhones.setGrade(phone.id, order.gradeId);
    }
    if (order.skuType === 'renew') await this.deps.endOfAccess.endMoved(tx, order.phoneIds);
    const endsAt = Math.max(now, ...(await tx.userPhones.findByIds(order.phoneIds)).map((p) => p.expireTime));
    await tx.orders.transition(order.id, ['activating'], 'completed', now, { endsAt, ...(remark ? { remark } : {}) });
  }

  /**
   * Allocates a waiting purchase in `tx`: takes its stock, moves it to shipped and plans its phones,
   * all or nothing; false when stock is short or another allocator got there first.
   */
  async allocateIn(tx: Repositories, order: OrderRow): Promise<boolean> {
    const now = this.deps.clock.now();
    // With no host to make phones on, or none with room (a host of devices has as many as are free,
    // issue 60), the purchase waits like one short of stock.
    const room = this.deps.hosts.hasHosts() && (await this.deps.hosts.hasRoom(tx, order.deviceCount));
    if (!room || !(await tx.catalogue.takeStock(order.gradeId, order.deviceCount))) return false;
    // A purchase by activation code is activating; a paid one waits to be allocated.
    const waiting: OrderStatus = order.status === 'activating' ? 'activating' : 'to_be_allocated';
    const pkg = order.packageId === null ? undefined : await tx.catalogue.package(order.packageId);
    const phones = await this.deps.userPhones.plan(tx, {
      tenantId: order.tenantId,
      userId: order.userId,
      count: order.deviceCount,
      days: order.durationDays,
      trial: pkg?.trial ?? false,
      gradeId: order.gradeId,
    });
    const phoneIds = phones.map((p) => p.id);
    const endsAt = now + order.durationDays * DAY_MS;
    if (await tx.orders.transition(order.id, [waiting], 'shipped', now, { phoneIds, endsAt })) {
      const to = { tenantId: order.tenantId, userId: order.userId };
      await this.deps.messages.tell(tx, to, 'phones_allocated', { count: phoneIds.length, orderNo: order.orderNo });
      return true;
    }
    // Another allocator claimed it: give back what this one took.
    await tx.catalogue.returnStock(order.gradeId, order.deviceCount);
    await tx.userPhones.remove(phoneIds);
    return false;
  }

  /** After the commit: the host makes the order's phones (the job finishes what a crash leaves). */
  async provisionOrder(orderId: number): Promise<void> {
    const order = await this.deps.repos.orders.findById(orderId);
    if (order?.skuType === 'buy' && order.phoneIds.length > 0)
      await this.deps.userPhones.provision(order.phoneIds).catch(() => undefined);
  }

  /** The allocation job: waiting purchases in order of payment, as far as stock goes. */
  async allocateWaiting(): Promise<number> {
    let allocated = 0;
    for (const order of await this.deps.repos.orders.inState('to_be_allocated')) {
      if (!(await this.deps.repos.transaction((tx) => this.allocateIn(tx, order)))) continue;
      allocated++;
      await this.provisionOrder(order.id);
    }
    return allocated;
  }

  /**
   * The delivery job: makes the phones a crash left unmade, then completes shipped orders whose
   * phones all run (spec §4: shipped, then completed).
   */
  async finishDeliveries(): Promise<number> {
    await this.deps.userPhones.releaseOnHosts();
    await this.deps.userPhones.provision();
    let completed = 0;
    for (const order of await this.deps.repos.orders.inState('shipped')) {
      if (!(await this.phonesRunning(order.phoneIds))) continue;
      const now = this.deps.clock.now();
      if (await this.deps.repos.transaction((tx) => tx.orders.transition(order.id, ['shipped'], 'completed', now)))
        completed++;
    }
    return completed;
  }

  /** Completed orders whose time has run out become expired (spec §4). */
  async expireEnded(): Promise<number> {
    let expired = 0;
    const now = this.deps.clock.now();
    for (const order of await this.deps.repos.orders.endedBy(now))
      if (await this.deps.repos.transaction((tx) => tx.orders.transition(order.id, ['completed'], 'expired', now)))
        expired++;
    return expired;
  }

  /**
   * An operator's refund (admin CLI), once the money is on its way back (RefundService): the order is
   * refunded and what it delivered is taken back — a purchase's phones end now (and every stream to
   * them with them), a renewal's days are removed.
   */
  async refund(orderNo: string, remark: string): Promise<OrderRow> {
    const order = await this.deps.repos.orders.findByNo(orderNo);
    if (!order) throw new AppError('orderNotFound');
    const now = this.deps.clock.now();
    await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.orders.transition(order.id, REFUNDABLE, 'refunded', now, { remark })))
        throw new AppError('orderNotPayable');
      for (const phone of await tx.userPhones.findByIds(order.phoneIds)) {
        if (order.skuType === 'buy') {
          await tx.userPhones.endNow(phone.id, now);
          // Given back: it no longer counts on its host, and a device that ran it takes the next (issue 60).
          await tx.userPhones.release([phone.id], now);
          await this.deps.endOfAccess.revoke(phone.id, 'refund', { tx });
        } else if (order.skuType === 'renew') {
          await tx.userPhones.shorten(phone.id, now, order.durationDays * DAY_MS);
          await this.deps.endOfAccess.endMoved(tx, [phone.id]);
        }
      }
      const to = { tenantId: order.tenantId, userId: order.userId };
      await this.deps.messages.tell(tx, to, 'order_refunded', { orderNo, amountCents: order.payPriceCents });
    });
    await this.deps.userPhones.releaseOnHosts();
    return (await this.deps.repos.orders.findById(order.id)) ?? order;
  }

  /** Every phone made on its host and online: what "completed" waits for. */
  private async phonesRunning(ids: readonly number[]): Promise<boolean> {
    const phones = await this.deps.repos.userPhones.findByIds(ids);
    if (phones.length === 0 || phones.some((p) => p.provisionedAt === null)) return false;
    for (const phone of phones) {
      const info = (await this.deps.hosts.client(phone.deviceHostId)?.describe([phone.instanceNo]))?.get(
        phone.instanceNo,
      );
      if (info?.status !== 'online') return false;
    }
    return true;
  }
}
