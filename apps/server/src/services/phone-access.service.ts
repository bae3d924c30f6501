import { signAccessKey } from '@cloudphone/contracts/access-key';
import { CONTROL_MIN_VALIDITY_MINUTES } from '@cloudphone/contracts/limits';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import type { Permission } from '@cloudphone/contracts/stream';
import { AppError } from '../http/app-error';
import type { Repositories } from '../repositories/index';
import type { UserPhone } from '../repositories/user-phone.repository';
import type { AuthUser } from './auth.service';
import type { Clock } from './clock';

/** The server's own origin as the client sees it, for a host that shares it. */
export interface Origin {
  http: string;
  ws: string;
}

/** Who may open which phone, and the security token that lets a client reach it (DESIGN §4). */
export class PhoneAccessService {
  constructor(
    private readonly repos: Repositories,
    private readonly hostKey: string,
    private readonly clock: Clock,
  ) {}

  /** A phone the user holds; another user's phone is "not found", never "forbidden", so ids reveal nothing. */
  async ownPhone(auth: AuthUser, userPhoneId: number): Promise<UserPhone> {
    const phone = await this.repos.userPhones.findById(userPhoneId);
    if (!phone || phone.tenantId !== auth.tenantId || phone.userId !== auth.userId) throw new AppError('phoneNotFound');
    return phone;
  }

  /**
   * A phone the user may open: their own (control), or one granted to them with the grant's
   * permission until the grant ends (spec §6).
   */
  async openablePhone(
    auth: AuthUser,
    userPhoneId: number,
  ): Promise<{ phone: UserPhone; permission: Permission; until: number }> {
    const phone = await this.repos.userPhones.findById(userPhoneId);
    if (phone && phone.tenantId === auth.tenantId && phone.userId === auth.userId)
      return { phone, permission: 'control', until: phone.expireTime };
    const grant = (await this.repos.phoneGrants.heldBy(auth.userId, this.clock.now())).find(
      (g) => g.userPhoneId === userPhoneId,
    );
    if (!phone || !grant || phone.tenantId !== auth.tenantId) throw new AppError('phoneNotFound');
    return { phone, permission: grant.permission, until: Math.min(grant.expireTime, phone.expireTime) };
  }

  /** The ids of phones granted to the user now. */
  async grantedIds(auth: AuthUser): Promise<number[]> {
    return (await this.repos.phoneGrants.heldBy(auth.userId, this.clock.now())).map((g) => g.userPhoneId);
  }

  /** Expired phones cannot be opened; under 10 minutes of validity blocks control (spec §9). */
  async securityToken(
    auth: AuthUser,
    userPhoneId: number,
    validSeconds: number,
    origin: Origin,
  ): Promise<SecurityToken> {
    const { phone, permission, until } = await this.openablePhone(auth, userPhoneId);
    const now = this.clock.now();
    if (until <= now) throw new AppError('deviceExpired');
    if (until - now < CONTROL_MIN_VALIDITY_MINUTES * 60_000) throw new AppError('deviceValidityTooShort');
    const host = await this.repos.deviceHosts.findById(phone.deviceHostId);
    if (!host) throw new AppError('deviceNotConnected');
    const http = host.publicUrl || origin.http;
    const ws = host.publicUrl ? host.publicUrl.replace(/^http/, 'ws') : origin.ws;
    const expireTime = Math.min(now + validSeconds * 1000, until);
    const { accessKey, secretKey } = signAccessKey(this.hostKey, {
      u: auth.userId,
      i: phone.instanceNo,
      p: permission,
      e: expireTime,
      n: now,
    });
    return {
      accessKey,
      secretKey,
      expireTime,
      sdkUrl: `${http}/sdk`,
      streamUrl: `${ws}/stream/${phone.instanceNo}?accessKey=${encodeURIComponent(accessKey)}`,
      instanceNo: phone.instanceNo,
      permission,
    };
  }
}
