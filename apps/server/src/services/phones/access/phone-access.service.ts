import type { ErrorKey } from '@cloudphone/contracts/errors';
import {
  LOCK_REFUSAL,
  LOCK_STATUS,
  lockRefusal,
  PHONE_ACTIONS,
  roleRefusal,
  type PhoneAction,
  type PhoneActionRule,
  type PhoneLockKind,
  type PhoneRole,
} from '@cloudphone/contracts/phone-access';
import type { PhoneListStatus } from '@cloudphone/contracts/phones';
import type { Permission } from '@cloudphone/contracts/stream';
import { AppError } from '../../app-error';
import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { HostDeliveryService } from '../../hosts/host-delivery.service';
import type { PhonePolicyCache } from './phone-policy-cache';

export type { PhoneAction };

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
 * One call's question to the policy (DESIGN §10): the caller, and the action the call's catalogue
 * entry names (`Endpoint.phone`). `defineRoute` hands a route its gate; the service asks it about
 * each phone inside its own unit of work, beside the locks it takes, and never names an action.
 */
export interface PhoneGate {
  readonly auth: AuthUser;
  readonly action: PhoneAction;
  /**
   * The caller's access to the phone for the action (its locks too), or the refusal: read in the
   * unit of work `tx` where the call changes something, so the answer holds as it commits.
   */
  check(userPhoneId: number, tx?: PolicyReads): Promise<PhoneAccess>;
  /**
   * Whether the caller's role lets them do the action at all, whatever the phone's locks: reading or
   * switching off what the action switched on (ADB) is never busy.
   */
  checkRole(userPhoneId: number): Promise<PhoneAccess>;
  /**
   * Makes `change` to the phone as the policy lets the caller: `change` writes only to a phone of
   * `owner` and says whether it wrote. For an action only the owner may do and no lock stops
   * (renaming), the write is the check, one statement (issue 56); when it wrote nothing, or for any
   * other action, the check answers first (with its refusal) and names the owner.
   */
  change(userPhoneId: number, change: (owner: PhoneOwner) => Promise<boolean>): Promise<void>;
}

/** Whose phone a guarded write may touch. */
export interface PhoneOwner {
  tenantId: number;
  userId: number;
}

/** A phone granted to the user: how they hold it, and until when (lists show both, issue 55). */
export interface HeldGrant {
  role: Exclude<PhoneRole, 'owner'>;
  endTime: number;
}

/**
 * The one phone-access policy (DESIGN §10, issue 20): who may do what to a phone — its owner, a
 * grantee with a view or control grant, or nobody — read from the access table in contracts
 * (`PHONE_ACTIONS`), which the device host reads too; whether a trial phone has the privilege yet;
 * and whether the phone's locks let the action through now. Every phone route, the security token
 * (which carries the role to the host's stream and SDK) and every operation across accounts ask it;
 * none re-derives ownership (the keys they carry are `AccessKeys`). Locks are rows taken in the unit of work of the change that needs them,
 * and every change of them is delivered to the phone's host.
 */
export class PhoneAccessService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'phoneGrants' | 'phoneLocks' | 'userPhones'>;
      clock: Clock;
      delivery: HostDeliveryService;
      /** What lists show of grants and locks, kept between requests; never what `authorize` decides on. */
      kept: PhonePolicyCache;
    },
  ) {}

  /**
   * The gate of a call of `auth` for `action`. Asked about a phone, it answers the caller's access or
   * the refusal: another user's phone is "not found" (ids reveal nothing), a role short of the action
   * is refused, a trial phone lacks the privileges (spec §4), a busy phone says why.
   */
  gate(auth: AuthUser, action: PhoneAction): PhoneGate {
    const rule: PhoneActionRule = PHONE_ACTIONS[action];
    const check = async (userPhoneId: number, tx: PolicyReads = this.deps.repos) => {
      const access = await this.holder(auth, userPhoneId, action, tx);
      // No lock stops the action: its locks need no read (a round trip on PostgreSQL).
      if (rule.lock === 'any') return access;
      const busy = lockRefusal(action, await tx.phoneLocks.held([userPhoneId], this.deps.clock.now()));
      if (busy) throw new AppError(busy);
      return access;
    };
    const ownWriteIsCheck = rule.least === 'owner' && rule.lock === 'any' && !rule.privilege;
    return {
      auth,
      action,
      check,
      checkRole: (userPhoneId) => this.holder(auth, userPhoneId, action, this.deps.repos),
      change: async (userPhoneId, change) => {
        if (ownWriteIsCheck && (await change(auth))) return;
        const { phone } = await check(userPhoneId);
        await change({ tenantId: phone.tenantId, userId: phone.userId });
      },
    };
  }

  /** The phones granted to the user now, each with the grant's permission and end, as lists show them. */
  async grantsHeld(auth: AuthUser): Promise<Map<number, HeldGrant>> {
    return new Map(
      (await this.deps.kept.heldBy(auth.userId)).map((g) => [
        g.userPhoneId,
        { role: g.permission, endTime: g.expireTime },
      ]),
    );
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
   * Asks the gate and, in the same unit of work, records its host task (`track`) and locks the phone
   * for it (`lock`), so the policy it passed is the one they were made under.
   */
  async lockFor(
    gate: PhoneGate,
    userPhoneId: number,
    work: {
      track?: (tx: Repositories) => Promise<void>;
      lock?: { kind: PhoneLockKind; holder: string; ttlMs: number };
    },
  ): Promise<void> {
    await this.deps.repos.transaction(async (tx) => {
      await gate.check(userPhoneId, tx);
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
}
