import { HOST_LOCK_ACTIONS, type HostLockReply, type HostLockRequest } from '@cloudphone/contracts/host-api';
import { readAccessKey, signAccessKey } from '@cloudphone/contracts/access-key';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import { CONTROL_MIN_VALIDITY_MINUTES, SECURITY_TOKEN_VALID_SECONDS } from '@cloudphone/contracts/limits';
import {
  LOCK_REFUSAL,
  LOCK_STATUS,
  lockRefusal,
  PHONE_ACTIONS,
  roleRefusal,
  type PhoneAction,
  type PhoneLockKind,
  type PhoneRole,
} from '@cloudphone/contracts/phone-access';
import type { PhoneListStatus } from '@cloudphone/contracts/phones';
import type { SecurityToken, ViewKey } from '@cloudphone/contracts/sdk';
import type { Permission } from '@cloudphone/contracts/stream';
import { AppError } from '../../app-error';
import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { HostDeliveryService } from '../../hosts/host-delivery.service';
import type { PhonePolicyCache } from './phone-policy-cache';

export type { PhoneAction };

/** The server's own origin as the client sees it, for a host that shares it. */
export interface Origin {
  http: string;
  ws: string;
}

/** What the policy reads: a service's own repositories, or its unit of work. */
export type PolicyReads = RepositoriesOf<'userPhones' | 'phoneGrants' | 'phoneLocks'>;

/** How a user holds a phone they may act on. */
export interface PhoneAccess {
  phone: UserPhone;
  /** Owner, or a grantee with a control or view grant (spec §6). */
  role: PhoneRole;
  permission: Permission;
  /** When this access ends: the phone's expiry, or the grant's when sooner. */
  until: number;
}

/**
 * The one phone-access policy (DESIGN §10, issue 20): who may do what to a phone — its owner, a
 * grantee with a view or control grant, or nobody — read from the access table in contracts
 * (`PHONE_ACTIONS`), which the device host reads too; whether a trial phone has the privilege yet;
 * and whether the phone's locks let the action through now. Every phone route, the security token
 * (which carries the role to the host's stream and SDK) and every operation across accounts ask it;
 * none re-derives ownership. Locks are rows taken in the unit of work of the change that needs them,
 * and every change of them is delivered to the phone's host.
 */
export class PhoneAccessService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'deviceHosts' | 'phoneGrants' | 'phoneLocks' | 'userPhones' | 'users'>;
      /** Whose key signs a phone's access keys: its host's (issue 32: one key per host). */
      hosts: Pick<DeviceHostsService, 'keyOf'>;
      clock: Clock;
      delivery: HostDeliveryService;
      /** What lists show of grants and locks, kept between requests; never what `authorize` decides on. */
      kept: PhonePolicyCache;
    },
  ) {}

  /**
   * The user's access to a phone for `action`, or the refusal: another user's phone is "not found"
   * (ids reveal nothing), a role short of the action is refused, a trial phone lacks the privileges
   * (spec §4), a busy phone says why. A state-changing request passes its unit of work as `tx`, so
   * the policy is read inside it.
   */
  async authorize(
    auth: AuthUser,
    userPhoneId: number,
    action: PhoneAction,
    tx: PolicyReads = this.deps.repos,
  ): Promise<PhoneAccess> {
    const access = await this.holder(auth, userPhoneId, action, tx);
    const busy = lockRefusal(action, await tx.phoneLocks.held([userPhoneId], this.deps.clock.now()));
    if (busy) throw new AppError(busy);
    return access;
  }

  /**
   * Whether the user's role lets them do `action` to the phone at all, whatever its locks: reading or
   * switching off what the action switched on (ADB) is never busy.
   */
  authorizeRole(auth: AuthUser, userPhoneId: number, action: PhoneAction): Promise<PhoneAccess> {
    return this.holder(auth, userPhoneId, action, this.deps.repos);
  }

  /** A phone the user owns and may manage (rename, renew, upgrade…) — `action` says which. */
  async ownPhone(auth: AuthUser, userPhoneId: number, action: PhoneAction = 'name'): Promise<UserPhone> {
    return (await this.authorize(auth, userPhoneId, action)).phone;
  }

  /** A phone the user may open: their own, or one granted to them with the grant's permission. */
  async openablePhone(auth: AuthUser, userPhoneId: number): Promise<PhoneAccess> {
    return this.authorize(auth, userPhoneId, 'watch');
  }

  /** The ids of phones granted to the user now, as lists show them. */
  async grantedIds(auth: AuthUser): Promise<number[]> {
    return (await this.deps.kept.heldBy(auth.userId)).map((g) => g.userPhoneId);
  }

  /** The phones among the user's own `userPhoneIds` granted out now, as lists show them. */
  grantedOut(userPhoneIds: readonly number[]): Promise<Set<number>> {
    return this.deps.kept.grantedOut(userPhoneIds);
  }

  /** What the list shows of each busy phone (spec §4 "replacing"…); phones only pushed to are not busy. */
  async busy(userPhoneIds: readonly number[]): Promise<Map<number, PhoneListStatus>> {
    const shown = new Map<number, PhoneListStatus>();
    for (const lock of await this.deps.kept.locksOf(userPhoneIds)) {
      const status = LOCK_STATUS[lock.kind];
      if (status && !shown.has(lock.userPhoneId)) shown.set(lock.userPhoneId, status);
    }
    return shown;
  }

  /**
   * Locks phones for `holder` in the unit of work `tx` (in id order, as every taker goes), or refuses
   * with the message of a lock that does not fit beside it (DESIGN §10); the unit of work then rolls
   * back the locks it took. `ttlMs` bounds a lock whose operation dies without releasing it. The
   * phones' hosts hear of it once `tx` commits.
   */
  async lock(tx: Repositories, userPhoneIds: readonly number[], kind: PhoneLockKind, holder: string, ttlMs: number) {
    const now = this.deps.clock.now();
    const ids = [...userPhoneIds].sort((a, b) => a - b);
    for (const userPhoneId of ids) {
      const taken = await tx.phoneLocks.take({ userPhoneId, kind, holder, lockedAt: now, expiresAt: now + ttlMs }, now);
      if (taken !== true) throw new AppError(LOCK_REFUSAL[taken.kind]);
    }
    await this.deps.delivery.phoneStatesChanged(tx, ids);
  }

  /** Something hosts are told of these phones other than a lock changed (a sync place): they hear it. */
  statesChanged(tx: Repositories, userPhoneIds: readonly number[]): Promise<void> {
    return this.deps.delivery.statesChanged(tx, userPhoneIds);
  }

  /** The operation is over: its phones are free again, and their hosts hear it. */
  async unlock(userPhoneIds: readonly number[], holder: string, tx?: Repositories): Promise<void> {
    const release = async (unit: Repositories) => {
      const changed = await unit.phoneLocks.release(userPhoneIds, holder);
      if (changed.length > 0) await this.deps.delivery.phoneStatesChanged(unit, changed);
    };
    await (tx ? release(tx) : this.deps.repos.transaction(release));
  }

  /**
   * Authorises `action` and, in the same unit of work, records its host task (`track`) and locks
   * the phone for it (`lock`), so the policy it passed is the one they were made under.
   */
  async lockFor(
    auth: AuthUser,
    userPhoneId: number,
    action: PhoneAction,
    work: {
      track?: (tx: Repositories) => Promise<void>;
      lock?: { kind: PhoneLockKind; holder: string; ttlMs: number };
    },
  ): Promise<void> {
    await this.deps.repos.transaction(async (tx) => {
      await this.authorize(auth, userPhoneId, action, tx);
      await work.track?.(tx);
      if (work.lock) await this.lock(tx, [userPhoneId], work.lock.kind, work.lock.holder, work.lock.ttlMs);
    });
  }

  /** `holder`'s locks of these phones last until `until` (when its host task is expected to end). */
  async holdUntil(userPhoneIds: readonly number[], holder: string, until: number): Promise<void> {
    await this.deps.repos.transaction(async (tx) => {
      const changed = await tx.phoneLocks.setExpiry(userPhoneIds, holder, until);
      if (changed.length > 0) await this.deps.delivery.phoneStatesChanged(tx, changed);
    });
  }

  /** Every lock `holder` has (a host task that ended) goes. */
  async unlockHolder(holder: string): Promise<void> {
    await this.deps.repos.transaction(async (tx) => {
      const changed = await tx.phoneLocks.releaseHolder(holder);
      if (changed.length > 0) await this.deps.delivery.phoneStatesChanged(tx, changed);
    });
  }

  /**
   * A host's lock of one of its phones (issue 51), in the name of the access key's holder: taken or
   * renewed as the same REST action is decided — the policy, then the locks held, as `lockFor` — or
   * released. The holder is the host's own name for it, kept apart from every other host's.
   */
  async lockFromHost(request: HostLockRequest, hostId: number | null): Promise<HostLockReply> {
    const { auth, userPhoneId } = await this.keyHolder(request.accessKey, request.instanceNo, hostId);
    const holder = `host:${hostId ?? 'fixed'}:${request.holder}`;
    if (request.action === 'release') {
      await this.unlock([userPhoneId], holder);
      return { expiresAt: null };
    }
    const lock = { kind: request.kind, holder, ttlMs: request.ttlMs };
    await this.lockFor(auth, userPhoneId, HOST_LOCK_ACTIONS[request.kind], { lock });
    return { expiresAt: this.deps.clock.now() + request.ttlMs };
  }

  /**
   * Who holds an access key, as a signed-in user of its phone (issue 20: the host asks the server to
   * decide an SDK power call). The key is checked with the key of the phone's host, which must be the
   * host asking (`hostId`; null for a fixed setup's, which share a key). The policy then decides what
   * they may do now, whatever the key said.
   */
  async keyHolder(
    accessKey: string,
    instanceNo: string,
    hostId: number | null = null,
  ): Promise<{ auth: AuthUser; userPhoneId: number }> {
    const phone = await this.deps.repos.userPhones.findByInstance(instanceNo);
    const host = phone && (await this.deps.repos.deviceHosts.findById(phone.deviceHostId));
    if (!phone || !host || (hostId !== null && host.id !== hostId)) throw new AppError('forbidden');
    const claims = readAccessKey(this.deps.hosts.keyOf(host), accessKey);
    if (!claims || claims.i !== instanceNo || claims.c === undefined) throw new AppError('forbidden');
    if (claims.e <= this.deps.clock.now()) throw new AppError('deviceExpired');
    const user = await this.deps.repos.users.findById(claims.u);
    if (!user || user.status !== 'active' || user.tenantId !== phone.tenantId) throw new AppError('forbidden');
    return {
      auth: { userId: user.id, tenantId: user.tenantId, clientId: claims.c, sessionId: 0, language: user.language },
      userPhoneId: phone.id,
    };
  }

  /** The user's access to the phone if their role (and a trial phone's privileges) allow `action`. */
  private async holder(auth: AuthUser, userPhoneId: number, action: PhoneAction, tx: PolicyReads) {
    const access = await this.accessOf(auth, userPhoneId, tx);
    const refused = roleRefusal(access.role, action) ?? this.trialRefusal(access.phone, action);
    if (refused) throw new AppError(refused);
    return access;
  }

  private trialRefusal(phone: UserPhone, action: PhoneAction): ErrorKey | null {
    return phone.trial && 'privilege' in PHONE_ACTIONS[action] ? 'trialNeedsRenewal' : null;
  }

  private async accessOf(auth: AuthUser, userPhoneId: number, tx: PolicyReads): Promise<PhoneAccess> {
    const phone = await tx.userPhones.findById(userPhoneId);
    if (!phone || phone.tenantId !== auth.tenantId) throw new AppError('phoneNotFound');
    if (phone.userId === auth.userId) return { phone, role: 'owner', permission: 'control', until: phone.expireTime };
    const grant = (await tx.phoneGrants.heldBy(auth.userId, this.deps.clock.now())).find(
      (g) => g.userPhoneId === userPhoneId,
    );
    if (!grant) throw new AppError('phoneNotFound');
    const until = Math.min(grant.expireTime, phone.expireTime);
    return { phone, role: grant.permission, permission: grant.permission, until };
  }

  /** Expired phones cannot be opened; under 10 minutes of validity blocks control (spec §9). */
  async securityToken(
    auth: AuthUser,
    userPhoneId: number,
    validSeconds: number,
    origin: Origin,
  ): Promise<SecurityToken> {
    const access = await this.openablePhone(auth, userPhoneId);
    const { phone, permission, role } = access;
    const { key, expireTime, http, ws } = await this.signKey(auth, access, validSeconds, origin, { permission, role });
    return {
      ...key,
      expireTime,
      sdkUrl: `${http}/sdk`,
      streamUrl: `${ws}/stream/${phone.instanceNo}?accessKey=${encodeURIComponent(key.accessKey)}`,
      instanceNo: phone.instanceNo,
      permission,
    };
  }

  /**
   * View keys of many phones at once (issue 23: grids, previews, the desktop's windows). A key here
   * only watches, whoever holds the phone; a phone the caller cannot open now is left out.
   */
  async viewKeys(auth: AuthUser, userPhoneIds: readonly number[], origin: Origin): Promise<ViewKey[]> {
    const keys: ViewKey[] = [];
    for (const userPhoneId of new Set(userPhoneIds)) {
      try {
        const access = await this.openablePhone(auth, userPhoneId);
        const view = { permission: 'view', role: 'view' } as const;
        const signed = await this.signKey(auth, access, SECURITY_TOKEN_VALID_SECONDS, origin, view);
        const { accessKey } = signed.key;
        const streamUrl = `${signed.ws}/stream/${access.phone.instanceNo}?accessKey=${encodeURIComponent(accessKey)}`;
        keys.push({ userPhoneId, accessKey, expireTime: signed.expireTime, streamUrl, permission: 'view' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return keys;
  }

  /**
   * A key for the phone's host, signed with that host's key (no other host can check it), valid while
   * the caller's access lasts; refused when that is (nearly) over.
   */
  private async signKey(
    auth: AuthUser,
    { phone, until }: PhoneAccess,
    validSeconds: number,
    origin: Origin,
    as: { permission: Permission; role: PhoneRole },
  ) {
    const now = this.deps.clock.now();
    if (until <= now) throw new AppError('deviceExpired');
    if (until - now < CONTROL_MIN_VALIDITY_MINUTES * 60_000) throw new AppError('deviceValidityTooShort');
    const host = await this.deps.repos.deviceHosts.findById(phone.deviceHostId);
    if (!host) throw new AppError('deviceNotConnected');
    const expireTime = Math.min(now + validSeconds * 1000, until);
    // The owner's control key of a phone in sync carries the session: its input drives the session.
    const inSync =
      as.role === 'owner'
        ? (await this.deps.repos.phoneLocks.held([phone.id], now)).find((l) => l.kind === 'syncing')?.holder
        : undefined;
    const key = signAccessKey(this.deps.hosts.keyOf(host), {
      u: auth.userId,
      i: phone.instanceNo,
      p: as.permission,
      r: as.role,
      c: auth.clientId,
      ...(inSync ? { s: inSync } : {}),
      e: expireTime,
      n: now,
    });
    return {
      key,
      expireTime,
      http: host.publicUrl || origin.http,
      ws: host.publicUrl ? host.publicUrl.replace(/^http/, 'ws') : origin.ws,
    };
  }
}
