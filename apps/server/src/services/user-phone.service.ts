import { DAY_MS } from '@cloudphone/contracts/commerce';
import { callerLanguage } from '../http/caller-language';
import type { Repositories } from '../repositories/index';
import type { UserPhone } from '../repositories/user-phone.repository';
import type { Clock } from './clock';
import type { DeviceHostsService } from './device-hosts.service';

/** Cloud phones as users hold them: made on a host and given to a user (by an order, or the operator). */
export class UserPhoneService {
  constructor(
    private readonly repos: Repositories,
    private readonly hosts: DeviceHostsService,
    private readonly clock: Clock,
  ) {}

  /** Makes `count` phones on a host and gives them to the user for `days` days. */
  async give(
    tenantId: number,
    userId: number,
    count: number,
    days: number,
    options: { trial?: boolean; gradeId?: number | null } = {},
  ): Promise<UserPhone[]> {
    const now = this.clock.now();
    const existing = (await this.repos.userPhones.listOfUser(tenantId, userId)).length;
    // The phone's system speaks its owner's language (issue 10 §4); they can change it in its Settings.
    const language = (await this.repos.users.findById(userId))?.language ?? callerLanguage();
    const phones: UserPhone[] = [];
    for (let i = 0; i < count; i++) {
      const { hostId, client } = this.hosts.placement();
      const { instanceNo } = await client.createInstance({ language });
      phones.push(
        await this.repos.userPhones.create({
          tenantId,
          userId,
          deviceHostId: hostId,
          instanceNo,
          // Named by its number, which each viewer reads in their own language.
          name: '',
          nameNo: existing + i + 1,
          groupId: null,
          expireTime: now + days * DAY_MS,
          trial: options.trial ?? false,
          createdAt: now,
          gradeId: options.gradeId ?? null,
        }),
      );
    }
    return phones;
  }
}
