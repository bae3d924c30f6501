import { randomInt } from 'node:crypto';
import { DAY_MS } from '@cloudphone/contracts/commerce';
import {
  GRANT_CODE_ALPHABET,
  maxGrantDays,
  type Grant,
  type GrantPermission,
  type GrantSide,
} from '@cloudphone/contracts/grants';
import { GRANT, GRANT_CODE_TRIES } from '@cloudphone/contracts/limits';
import { numberedPhoneName } from '@cloudphone/contracts/phones';
import { maskMobile } from '@cloudphone/contracts/validation';
import { callerLanguage } from '../../../http/caller-language';
import { AppError } from '../../app-error';
import type { ListedGrant, PhoneGrant } from '../../../repositories/phone-grant.repository';
import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { Throttle, ThrottleRule } from '../../../security/throttle';
import type { AuthUser } from '../../accounts/auth.service';
import type { LiveEventBus } from '../../../events/live-event-bus';
import type { Clock } from '../../clock';
import type { AccessEndReason, EndOfAccessService } from './end-of-access.service';
import type { FunctionGate } from '../../tenancy/function-gate';
import type { PhoneGate } from './phone-access.service';
import type { MessageService } from '../../content/message.service';
import type { PhonePolicyCache } from './phone-policy-cache';

const CODE_TRIES: ThrottleRule = {
  scope: 'grant-code',
  limit: GRANT_CODE_TRIES.perAccount,
  windowMs: GRANT_CODE_TRIES.windowMinutes * 60_000,
};

export function newGrantCode(): string {
  return Array.from(
    { length: GRANT.codeLength },
    () => GRANT_CODE_ALPHABET[randomInt(GRANT_CODE_ALPHABET.length)],
  ).join('');
}

/**
 * Granting phones to other accounts (spec §3–§6): to an account named by mobile or UID, or by a grant
 * code anyone may redeem; view or control; 1–999 days and never past the phone's remaining time. The
 * owner keeps control and takes a grant back at any time; every end of a grantee's access goes through
 * the end-of-access path, which closes their streams and refuses their keys within a second.
 */
export class PhoneGrantService {
  constructor(
    private readonly deps: {
      /** The gate of a grant in an owner's name (the CLI's): the grant entry's action. */
      ownerGate: (owner: AuthUser) => PhoneGate;
      repos: RepositoriesOf<'phoneGrants' | 'userPhones' | 'users' | 'messages'>;
      endOfAccess: EndOfAccessService;
      functions: FunctionGate;
      throttle: Throttle;
      clock: Clock;
      events: LiveEventBus;
      messages: MessageService;
      /** What lists show of grants: every change here drops it once committed. */
      kept: PhonePolicyCache;
    },
  ) {}

  /** `POST /api/device/grant/create`: to `account`, or a grant code when none is named. */
  async create(
    gate: PhoneGate,
    request: { userPhoneId: number; account?: string; days: number; permission: GrantPermission },
  ): Promise<{ grantId: number; grantCode?: string }> {
    const { auth } = gate;
    await this.deps.functions.require(auth, 'auth_button');
    let granteeId: number | null = null;
    if (request.account !== undefined) {
      const grantee = await this.deps.repos.users.findByAccount(auth.tenantId, request.account);
      if (grantee?.status !== 'active') throw new AppError('grantAccountNotFound');
      if (grantee.id === auth.userId) throw new AppError('grantToSelf');
      granteeId = grantee.id;
    }
    const grant = await this.deps.repos.transaction(async (tx) => {
      const { phone } = await gate.check(request.userPhoneId, tx);
      return this.make(tx, phone, granteeId, request.permission, request.days);
    });
    return { grantId: grant.id, ...(grant.grantCode ? { grantCode: grant.grantCode } : {}) };
  }

  /**
   * The admin CLI's grant of an owner's phone to another account: in the owner's name, through the
   * same policy as the grant pages (`ownerGate`, the grant entry's action).
   */
  async grant(ownerId: number, userPhoneId: number, granteeId: number, permission: GrantPermission, days: number) {
    return this.deps.repos.transaction(async (tx) => {
      const found = await tx.userPhones.findById(userPhoneId);
      if (!found || found.userId !== ownerId) throw new AppError('phoneNotFound');
      // The policy reads the account and its tenant; no client or session stands behind the CLI.
      const owner = { userId: ownerId, tenantId: found.tenantId, clientId: 0, sessionId: 0, language: null };
      const { phone } = await this.deps.ownerGate(owner).check(userPhoneId, tx);
      if (granteeId === ownerId) throw new AppError('grantToSelf');
      return this.make(tx, phone, granteeId, permission, days);
    });
  }

  /** `POST /api/device/grant/use-code`: the code's phone is this account's to use until the grant ends. */
  async useCode(auth: AuthUser, grantCode: string): Promise<{ grantId: number; userPhoneId: number }> {
    await this.deps.functions.require(auth, 'auth_button');
    // Codes are guessable only by trying many: wrong tries are counted and capped.
    if (!(await this.deps.throttle.hit(CODE_TRIES, String(auth.userId)))) throw new AppError('tooFrequent');
    const grant = await this.deps.repos.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const waiting = await tx.phoneGrants.findWaitingByCode(grantCode, now);
      if (!waiting || waiting.tenantId !== auth.tenantId) throw new AppError('grantCodeInvalid');
      if (waiting.grantorId === auth.userId) throw new AppError('grantToSelf');
      await this.holdUnderLimit(tx, auth.userId, now);
      if (!(await tx.phoneGrants.redeem(waiting.id, auth.userId, now))) throw new AppError('grantCodeInvalid');
      this.tellOnCommit(tx, { ...waiting, granteeId: auth.userId });
      await this.message(tx, { ...waiting, granteeId: auth.userId }, 'grant_received');
      return waiting;
    });
    await this.deps.throttle.release(CODE_TRIES, String(auth.userId));
    return { grantId: grant.id, userPhoneId: grant.userPhoneId };
  }

  /** `PUT /api/device/grant/revoke`: the grantor takes control back at once (spec §4). */
  async revoke(auth: AuthUser, grantId: number): Promise<void> {
    const grant = await this.ownGrant(auth, grantId);
    await this.deps.repos.transaction((tx) => this.end(tx, grant, 'grant_revoked'));
  }

  /** `PUT /api/device/grant/code/cancel`: the code is void and whoever redeemed it loses the phone. */
  async cancelCode(auth: AuthUser, grantId: number): Promise<void> {
    const grant = await this.ownCodeGrant(auth, grantId);
    await this.deps.repos.transaction((tx) => this.end(tx, grant, 'grant_revoked'));
  }

  /** `PUT /api/device/grant/code/clear`: a new code replaces the old, whose holder loses the phone. */
  async clearCode(auth: AuthUser, grantId: number): Promise<{ grantId: number; grantCode: string }> {
    await this.deps.functions.require(auth, 'auth_button');
    const grant = await this.ownCodeGrant(auth, grantId);
    const grantCode = newGrantCode();
    await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.phoneGrants.replaceCode(grant.id, grantCode))) throw new AppError('grantNotFound');
      if (grant.granteeId !== null)
        await this.deps.endOfAccess.revoke(grant.userPhoneId, 'grant_revoked', { userId: grant.granteeId, tx });
    });
    return { grantId, grantCode };
  }

  /**
   * Ends every grant of a phone in the unit of work `tx` — the phone was transferred (spec §6: a grant
   * ends with the transfer) — and the grantees' access with them.
   */
  async endAllOf(userPhoneId: number, reason: AccessEndReason, tx: Repositories): Promise<void> {
    // One taken back meanwhile has ended already: nothing to refuse the transfer for.
    for (const grant of await tx.phoneGrants.liveOfPhone(userPhoneId)) await this.end(tx, grant, reason, false);
  }

  /**
   * An account is cancelled (issue 20): in the unit of work `tx`, every grant of its phones and every
   * grant it holds end, with the grantees' and its own access to those phones.
   */
  async endAllOfAccount(userId: number, ownPhoneIds: readonly number[], tx: Repositories): Promise<void> {
    for (const userPhoneId of ownPhoneIds) await this.endAllOf(userPhoneId, 'account_cancelled', tx);
    for (const grant of await tx.phoneGrants.heldBy(userId, this.deps.clock.now()))
      await this.end(tx, grant, 'account_cancelled', false);
  }

  /** `GET /api/device/grant/page`: the live grants the user made (`out`) or holds (`in`). */
  async page(auth: AuthUser, side: GrantSide, paging: { pageNo: number; pageSize: number }) {
    const page = await this.deps.repos.phoneGrants.page(side, auth.userId, this.deps.clock.now(), paging);
    return { list: page.list.map((g) => this.view(g, side)), total: page.total };
  }

  /** `GET /api/device/grant/get`: one live grant, as its grantor or its grantee sees it. */
  async get(auth: AuthUser, grantId: number): Promise<Grant> {
    const now = this.deps.clock.now();
    for (const side of ['out', 'in'] as const) {
      const listed = await this.deps.repos.phoneGrants.findListed(side, auth.userId, grantId, now);
      if (listed) return this.view(listed, side);
    }
    throw new AppError('grantNotFound');
  }

  /** Makes a grant in `tx` after the rules of spec §5, §6 and §9. */
  private async make(
    tx: Repositories,
    phone: UserPhone,
    granteeId: number | null,
    permission: GrantPermission,
    days: number,
  ): Promise<PhoneGrant> {
    const now = this.deps.clock.now();
    if (!Number.isInteger(days) || days < GRANT.minDays || days > maxGrantDays(phone.expireTime - now))
      throw new AppError('grantInvalid');
    if (granteeId !== null) await this.holdUnderLimit(tx, granteeId, now);
    await tx.phoneGrants.retireLapsed(phone.id, now);
    const grant = await tx.phoneGrants.create({
      tenantId: phone.tenantId,
      userPhoneId: phone.id,
      grantorId: phone.userId,
      granteeId,
      permission,
      days,
      // Spec §6: the grant expires with the phone's expiry as of the grant time.
      expireTime: Math.min(now + days * DAY_MS, phone.expireTime),
      createdAt: now,
      grantCode: granteeId === null ? newGrantCode() : null,
      redeemedAt: granteeId === null ? null : now,
    });
    if (!grant) throw new AppError('grantExists');
    this.tellOnCommit(tx, grant);
    if (granteeId !== null) await this.message(tx, grant, 'grant_received');
    return grant;
  }

  /**
   * The grantor and the grantee hear that a grant changed, once it is committed (issue 21), and lists
   * forget what they kept of it.
   */
  private tellOnCommit(tx: Repositories, grant: Pick<PhoneGrant, 'grantorId' | 'granteeId' | 'userPhoneId'>): void {
    tx.afterCommit(() => {
      this.deps.kept.grantChanged(grant);
      for (const userId of [grant.grantorId, grant.granteeId])
        if (userId !== null)
          this.deps.events.publish(userId, { type: 'phones', change: 'grant', userPhoneIds: [grant.userPhoneId] });
    });
  }

  /**
   * Spec §9: at most 20 phones authorised to one account. Taking the account's hold first queues
   * other grants to it behind this unit of work, so the count is exact under any concurrency.
   */
  private async holdUnderLimit(tx: Repositories, granteeId: number, now: number): Promise<void> {
    await tx.phoneGrants.holdGrantee(granteeId);
    if ((await tx.phoneGrants.heldBy(granteeId, now)).length >= GRANT.maxAuthorizedPhones)
      throw new AppError('grantLimit');
  }

  /** Ends a live grant and its grantee's access; one that ended meanwhile is refused (`mustBeLive`) or skipped. */
  private async end(tx: Repositories, grant: PhoneGrant, reason: AccessEndReason, mustBeLive = true): Promise<void> {
    if (!(await tx.phoneGrants.end(grant.id, reason, this.deps.clock.now()))) {
      if (mustBeLive) throw new AppError('grantNotFound');
      return;
    }
    if (grant.granteeId !== null)
      await this.deps.endOfAccess.revoke(grant.userPhoneId, reason, { userId: grant.granteeId, tx });
    this.tellOnCommit(tx, grant);
    if (reason === 'grant_revoked') await this.message(tx, grant, 'grant_taken_back');
  }

  /** The grantee finds the grant, or its end, in their messages (issue 24), written with it. */
  private async message(
    tx: Repositories,
    grant: Pick<PhoneGrant, 'tenantId' | 'grantorId' | 'granteeId' | 'userPhoneId' | 'permission'>,
    kind: 'grant_received' | 'grant_taken_back',
  ): Promise<void> {
    const [phone, grantor] = await Promise.all([
      tx.userPhones.findById(grant.userPhoneId),
      tx.users.findById(grant.grantorId),
    ]);
    if (grant.granteeId === null || !phone) return;
    const to = { tenantId: grant.tenantId, userId: grant.granteeId };
    const ref = { name: phone.name, nameNo: phone.nameNo };
    if (kind === 'grant_taken_back') return this.deps.messages.tell(tx, to, kind, { phone: ref });
    const from = grantor ? maskMobile(grantor.mobile) : '';
    await this.deps.messages.tell(tx, to, kind, { phone: ref, from, permission: grant.permission });
  }

  private async ownGrant(auth: AuthUser, grantId: number): Promise<PhoneGrant> {
    const grant = await this.deps.repos.phoneGrants.findById(grantId);
    if (!grant || grant.grantorId !== auth.userId || grant.tenantId !== auth.tenantId || !grant.live)
      throw new AppError('grantNotFound');
    return grant;
  }

  private async ownCodeGrant(auth: AuthUser, grantId: number): Promise<PhoneGrant> {
    const grant = await this.ownGrant(auth, grantId);
    if (grant.grantCode === null || grant.expireTime <= this.deps.clock.now()) throw new AppError('grantNotFound');
    return grant;
  }

  private view(grant: ListedGrant, side: GrantSide): Grant {
    return {
      grantId: grant.id,
      side,
      userPhoneId: grant.userPhoneId,
      phoneName: grant.phoneNameNo === null ? grant.phoneName : numberedPhoneName(grant.phoneNameNo, callerLanguage()),
      permission: grant.permission,
      days: grant.days,
      status: grant.granteeId === null ? 'waiting' : 'active',
      expireTime: grant.expireTime,
      createTime: grant.createdAt,
      grantCode: side === 'out' ? grant.grantCode : null,
      account: grant.otherMobile === null ? null : maskMobile(grant.otherMobile),
    };
  }
}
