import { DAY_MS } from '@cloudphone/contracts/commerce';
import { GRANT } from '@cloudphone/contracts/limits';
import type { Permission } from '@cloudphone/contracts/stream';
import { AppError } from '../http/app-error';
import type { PhoneGrant } from '../repositories/phone-grant.repository';
import type { Repositories } from '../repositories/index';
import type { Clock } from './clock';
import type { EndOfAccessService } from './end-of-access.service';

/**
 * Granting a phone to another account (spec §3, §5, §6): view or control, 1–999 days and never beyond
 * the phone's remaining time, at most 20 phones held by grant; the owner takes it back at any time.
 * The grant pages come with the grant issue; the admin CLI grants until then.
 */
export class PhoneGrantService {
  constructor(
    private readonly repos: Repositories,
    private readonly endOfAccess: EndOfAccessService,
    private readonly clock: Clock,
  ) {}

  async grant(
    ownerId: number,
    userPhoneId: number,
    granteeId: number,
    permission: Permission,
    days: number,
  ): Promise<PhoneGrant> {
    const phone = await this.repos.userPhones.findById(userPhoneId);
    if (!phone || phone.userId !== ownerId) throw new AppError('phoneNotFound');
    if (granteeId === ownerId) throw new AppError('grantAccountRequired');
    const now = this.clock.now();
    const expireTime = now + days * DAY_MS;
    if (!Number.isInteger(days) || days < GRANT.minDays || days > GRANT.maxDays || expireTime > phone.expireTime)
      throw new AppError('grantInvalid');
    if ((await this.repos.phoneGrants.heldBy(granteeId, now)).length >= GRANT.maxAuthorizedPhones)
      throw new AppError('grantLimit');
    return this.repos.phoneGrants.create({
      tenantId: phone.tenantId,
      userPhoneId,
      grantorId: ownerId,
      granteeId,
      permission,
      expireTime,
      createdAt: now,
    });
  }

  /** Takes a grant back: the grantee's streams of the phone close at once. */
  async revoke(grant: PhoneGrant): Promise<void> {
    await this.repos.transaction(async (tx) => {
      await tx.phoneGrants.revoke(grant.id, this.clock.now());
      await this.endOfAccess.revoke(grant.userPhoneId, 'grant_revoked', { userId: grant.granteeId, tx });
    });
  }
}
