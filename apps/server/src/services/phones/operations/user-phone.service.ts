import { randomBytes } from 'node:crypto';
import { DAY_MS } from '@cloudphone/contracts/commerce';
import { callerLanguage } from '../../../http/caller-language';
import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import { phoneLanguageOf } from '../../../repositories/user.repository';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { PhoneTotals } from './phone-operations.service';

/** What a new phone is given as. */
export interface PhoneGift {
  tenantId: number;
  userId: number;
  count: number;
  days: number;
  trial?: boolean;
  gradeId?: number | null;
}

/** The job that makes on their hosts the phones a crash left unmade. */
export const PROVISION_PHONES_JOB = 'phones.provision';

/**
 * Cloud phones as users hold them: made on a host and given to a user (by an order, or the
 * operator). Giving is two steps so that no crash loses or doubles a phone: the phone rows are
 * written inside the caller's unit of work (with the order or code that pays for them), then the
 * host makes each instance under the number the row already holds — again after a crash, by the
 * provisioning job, and a host asked twice for one number makes it once.
 */
export class UserPhoneService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'userPhones' | 'users'>;
      hosts: DeviceHostsService;
      clock: Clock;
      /** How many phones users' lists hold: new phones change it. */
      totals: PhoneTotals;
    },
  ) {}

  /** Writes the new phones in `tx`; `provision` makes them once it has committed. */
  async plan(tx: Repositories, gift: PhoneGift): Promise<UserPhone[]> {
    const now = this.deps.clock.now();
    tx.afterCommit(() => this.deps.totals.forget(gift.userId));
    await tx.userPhones.holdNumbering(gift.userId);
    const numbers = await tx.userPhones.freeNameNos(gift.userId, gift.count);
    // Each to the least-loaded host with room (issue 32), read in this unit of work.
    const hostIds = await this.deps.hosts.place(tx, gift.count);
    const phones: UserPhone[] = [];
    for (let i = 0; i < gift.count; i++) {
      phones.push(
        await tx.userPhones.create({
          tenantId: gift.tenantId,
          userId: gift.userId,
          deviceHostId: hostIds[i]!,
          instanceNo: `cp-${randomBytes(6).toString('hex')}`,
          // Named by its number, which each viewer reads in their own language.
          name: '',
          nameNo: numbers[i]!,
          groupId: null,
          expireTime: now + gift.days * DAY_MS,
          trial: gift.trial ?? false,
          createdAt: now,
          gradeId: gift.gradeId ?? null,
        }),
      );
    }
    return phones;
  }

  /**
   * Makes on their hosts the planned phones not made yet (of `ids`, or all): idempotent, so the
   * request that planned them and the job may both try. A host that fails is tried on the next run.
   */
  async provision(ids?: readonly number[]): Promise<number> {
    let made = 0;
    let failure: unknown;
    for (const phone of await this.deps.repos.userPhones.unprovisioned(this.deps.clock.now(), ids)) {
      const client = this.deps.hosts.client(phone.deviceHostId);
      if (!client) continue;
      try {
        // The phone's system speaks its owner's language (issue 10 §4); they can change it in its Settings.
        const owner = await this.deps.repos.users.findById(phone.userId);
        const language = (owner && phoneLanguageOf(owner)) ?? callerLanguage();
        await client.createInstance(phone.instanceNo, { language });
        await this.deps.repos.userPhones.markProvisioned(phone.id, this.deps.clock.now());
        made++;
      } catch (error) {
        failure ??= error;
      }
    }
    // The others were still tried; the failed ones wait for the next run.
    if (failure) throw failure;
    return made;
  }

  /**
   * Tells the hosts of phones given back to free what ran them (issue 60: a device takes the next
   * phone). A host that cannot be reached is told on the delivery job's next run.
   */
  async releaseOnHosts(): Promise<void> {
    for (const phone of await this.deps.repos.userPhones.releasedOnlyHere()) {
      const client = this.deps.hosts.client(phone.deviceHostId);
      if (!client) continue;
      await client.releaseInstance(phone.instanceNo).then(
        () => this.deps.repos.userPhones.markHostReleased(phone.id, this.deps.clock.now()),
        () => undefined,
      );
    }
  }

  /** Gives `count` new phones for `days` days at once (the operator, the demo). */
  async give(
    tenantId: number,
    userId: number,
    count: number,
    days: number,
    options: { trial?: boolean; gradeId?: number | null } = {},
  ): Promise<UserPhone[]> {
    const planned = await this.deps.repos.transaction((tx) =>
      this.plan(tx, { tenantId, userId, count, days, ...options }),
    );
    const ids = planned.map((p) => p.id);
    await this.provision(ids);
    return this.deps.repos.userPhones.findByIds(ids);
  }
}
