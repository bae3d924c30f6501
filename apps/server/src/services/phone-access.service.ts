import { signAccessKey } from '@cloudphone/contracts/access-key';
import { CONTROL_MIN_VALIDITY_MINUTES } from '@cloudphone/contracts/limits';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
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

  /** Expired phones cannot be opened; under 10 minutes of validity blocks control (spec §9). */
  async securityToken(
    auth: AuthUser,
    userPhoneId: number,
    validSeconds: number,
    origin: Origin,
  ): Promise<SecurityToken> {
    const phone = await this.ownPhone(auth, userPhoneId);
    const now = this.clock.now();
    if (phone.expireTime <= now) throw new AppError('deviceExpired');
    if (phone.expireTime - now < CONTROL_MIN_VALIDITY_MINUTES * 60_000) throw new AppError('deviceValidityTooShort');
    const host = await this.repos.deviceHosts.findById(phone.deviceHostId);
    if (!host) throw new AppError('deviceNotConnected');
    const http = host.publicUrl || origin.http;
    const ws = host.publicUrl ? host.publicUrl.replace(/^http/, 'ws') : origin.ws;
    const expireTime = Math.min(now + validSeconds * 1000, phone.expireTime);
    const permission = 'control' as const;
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
