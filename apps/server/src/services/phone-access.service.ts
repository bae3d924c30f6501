import { signAccessKey } from '@cloudphone/contracts/access-key';
import { CONTROL_MIN_VALIDITY_MINUTES } from '@cloudphone/contracts/limits';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import type { Permission } from '@cloudphone/contracts/stream';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { PhoneBusyKind } from '@cloudphone/contracts/phones';
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

/** What a user means to do with a phone, each asking more than the one before (spec §6). */
export type PhoneAction =
  /** See its screen and status. */
  | 'watch'
  /** Send it input. */
  | 'control'
  /** Restart, reset, screenshot, resolution, root, model: what a control grant allows, as through the SDK. */
  | 'operate'
  /** Rename, group, renew, upgrade, transfer, grant, replace, clone, template: the owner's alone. */
  | 'manage';

const RANK: Record<PhoneAction, number> = { watch: 0, control: 1, operate: 2, manage: 3 };

/** How a user holds a phone they may act on. */
export interface PhoneAccess {
  phone: UserPhone;
  role: 'owner' | 'grantee';
  permission: Permission;
  /** When this access ends: the phone's expiry, or the grant's when sooner. */
  until: number;
}

/** What each busy state refuses, with the spec's message (spec §4, §8). */
const BUSY: Record<PhoneBusyKind, { from: PhoneAction; error: ErrorKey }> = {
  transferring: { from: 'watch', error: 'deviceBusy' },
  replacing: { from: 'watch', error: 'deviceBusy' },
  cloning: { from: 'watch', error: 'deviceCloning' },
  new_machine: { from: 'control', error: 'deviceBusy' },
  resetting: { from: 'control', error: 'deviceBusy' },
  // A phone in sync follows its main device: it is watched, not operated alone (spec §4).
  syncing: { from: 'operate', error: 'deviceInSync' },
};

/**
 * The one phone-access policy (DESIGN §10): who may do what to a phone — its owner, a grantee with
 * a view or control grant, or nobody — and whether the phone is busy. Every phone route, the
 * security token (which carries the permission to the host's stream and SDK) and every operation
 * across accounts ask it; none re-derives ownership. Busy states are lock rows taken in the unit of
 * work of the change that needs them.
 */
export class PhoneAccessService {
  constructor(
    private readonly repos: Repositories,
    private readonly hostKey: string,
    private readonly clock: Clock,
  ) {}

  /**
   * The user's access to a phone for `action`, or the refusal: another user's phone is "not found"
   * (ids reveal nothing), a grant short of the action is refused, a busy phone says why.
   */
  async authorize(auth: AuthUser, userPhoneId: number, action: PhoneAction, tx = this.repos): Promise<PhoneAccess> {
    const access = await this.accessOf(auth, userPhoneId, tx);
    if (access.role === 'grantee' && action === 'manage') throw new AppError('authorizedDeviceRestricted');
    if (access.permission === 'view' && RANK[action] > RANK.watch) throw new AppError('forbidden');
    const [lock] = await tx.phoneLocks.held([userPhoneId], this.clock.now());
    if (lock && RANK[action] >= RANK[BUSY[lock.kind].from]) throw new AppError(BUSY[lock.kind].error);
    return access;
  }

  /** A phone the user owns and may manage now (rename, renew, upgrade…). */
  async ownPhone(auth: AuthUser, userPhoneId: number): Promise<UserPhone> {
    return (await this.authorize(auth, userPhoneId, 'manage')).phone;
  }

  /** A phone the user may open: their own (control), or one granted to them with the grant's permission. */
  async openablePhone(auth: AuthUser, userPhoneId: number): Promise<PhoneAccess> {
    return this.authorize(auth, userPhoneId, 'watch');
  }

  /** The ids of phones granted to the user now. */
  async grantedIds(auth: AuthUser): Promise<number[]> {
    return (await this.repos.phoneGrants.heldBy(auth.userId, this.clock.now())).map((g) => g.userPhoneId);
  }

  /** What keeps each of these phones busy now. */
  async busy(userPhoneIds: readonly number[]): Promise<Map<number, PhoneBusyKind>> {
    const locks = await this.repos.phoneLocks.held(userPhoneIds, this.clock.now());
    return new Map(locks.map((l) => [l.userPhoneId, l.kind]));
  }

  /**
   * Marks phones busy for `holder` in the unit of work `tx`, or refuses with the message of what
   * already keeps one busy; the unit of work then rolls back the locks it took. `ttlMs` bounds a
   * lock whose operation dies without releasing it.
   */
  async lock(tx: Repositories, userPhoneIds: readonly number[], kind: PhoneBusyKind, holder: string, ttlMs: number) {
    const now = this.clock.now();
    for (const userPhoneId of userPhoneIds) {
      const taken = await tx.phoneLocks.take({ userPhoneId, kind, holder, lockedAt: now, expiresAt: now + ttlMs }, now);
      if (taken !== true) throw new AppError(BUSY[taken.kind].error);
    }
  }

  /** The operation is over: its phones are free again. */
  async unlock(userPhoneIds: readonly number[], holder: string, tx = this.repos): Promise<void> {
    await tx.phoneLocks.release(userPhoneIds, holder);
  }

  private async accessOf(auth: AuthUser, userPhoneId: number, tx: Repositories): Promise<PhoneAccess> {
    const phone = await tx.userPhones.findById(userPhoneId);
    if (!phone || phone.tenantId !== auth.tenantId) throw new AppError('phoneNotFound');
    if (phone.userId === auth.userId) return { phone, role: 'owner', permission: 'control', until: phone.expireTime };
    const grant = (await tx.phoneGrants.heldBy(auth.userId, this.clock.now())).find(
      (g) => g.userPhoneId === userPhoneId,
    );
    if (!grant) throw new AppError('phoneNotFound');
    const until = Math.min(grant.expireTime, phone.expireTime);
    return { phone, role: 'grantee', permission: grant.permission, until };
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
