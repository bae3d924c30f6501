import type { DataSaver, LoginDevice, UserInfo } from '@cloudphone/contracts/auth';
import { SmsScene } from '@cloudphone/contracts/auth';
import { MOBILE_REBIND_DAYS } from '@cloudphone/contracts/limits';
import type { Language } from '@cloudphone/contracts/locale';
import { AppError } from '../app-error';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { User } from '../../repositories/user.repository';
import { hashPassword, verifyPassword } from '../../security/password';
import type { TokenSigner } from '../../security/signed-token';
import type { AuthUser } from './auth.service';
import type { Clock } from '../clock';
import type { EndOfAccessService } from '../phones/access/end-of-access.service';
import type { PhoneGrantService } from '../phones/access/phone-grant.service';
import type { SessionChanges } from './session-changes';
import type { SmsCodeService } from './sms-code.service';
import { dataSaverOf } from './data-saver';

const REBIND_MS = MOBILE_REBIND_DAYS * 86_400_000;
const TICKET_TTL_MS = 10 * 60_000;

/** The signed-in user's own account: profile, password, phone number, login devices, cancellation. */
export class UserService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'config' | 'sessions' | 'userPhones' | 'users'>;
      smsCodes: SmsCodeService;
      signer: TokenSigner;
      clock: Clock;
      endOfAccess: EndOfAccessService;
      phoneGrants: PhoneGrantService;
      sessionChanges: SessionChanges;
    },
  ) {}

  async profile(auth: AuthUser): Promise<UserInfo> {
    const user = await this.user(auth);
    return {
      nickname: user.nickname,
      avatar: user.avatar,
      mobile: user.mobile,
      userNo: user.userNo,
      registerTime: user.registerTime,
      hasPassword: user.passwordHash !== null,
      language: user.language,
      homeGuideSeen: user.homeGuideSeen,
    };
  }

  /**
   * Nickname, avatar, the language server-made text follows from now on (the app's language switch),
   * or that the account has been through the first-login guide.
   */
  async update(
    auth: AuthUser,
    changes: { nickname?: string; avatar?: string; language?: Language; homeGuideSeen?: true },
  ): Promise<void> {
    await this.deps.repos.users.update((await this.user(auth)).id, changes);
    // The language is part of every session's state (server-made text follows it).
    if (changes.language !== undefined) this.deps.sessionChanges.accountChanged();
  }

  /** The data saver the account keeps, or its tenant's default (issue 58). */
  async dataSaver(auth: AuthUser): Promise<DataSaver> {
    return dataSaverOf(this.deps.repos, await this.user(auth));
  }

  /** Keeps a data saver for the account (null: none); streams opened from now on follow it. */
  async setDataSaver(auth: AuthUser, maxKbps: number | null): Promise<DataSaver> {
    const user = await this.user(auth);
    await this.deps.repos.users.update(user.id, { dataSaverKbps: maxKbps ?? 0 });
    return dataSaverOf(this.deps.repos, { ...user, dataSaverKbps: maxKbps ?? 0 });
  }

  /** Codes for the user's own number: changing it (old number), resetting the password, cancelling the account. */
  async sendCodeToOwnMobile(auth: AuthUser, scene: number, ip: string): Promise<void> {
    if (scene === SmsScene.login || scene === SmsScene.bindNewMobile) throw new AppError('invalidParameter');
    await this.deps.smsCodes.send(auth.tenantId, (await this.user(auth)).mobile, scene, ip);
  }

  /** A changed password ends every other session (DESIGN §3). */
  async updatePassword(auth: AuthUser, oldPassword: string | undefined, password: string): Promise<void> {
    const user = await this.user(auth);
    if (user.passwordHash !== null && !(oldPassword && (await verifyPassword(oldPassword, user.passwordHash)))) {
      throw new AppError('oldPasswordWrong');
    }
    await this.deps.repos.users.update(user.id, { passwordHash: await hashPassword(password) });
    await this.deps.repos.sessions.revokeAllOfUser(user.id, this.deps.clock.now(), auth.sessionId);
    this.deps.sessionChanges.allEnded(user.id, auth.sessionId);
  }

  /** Forgotten password, by a code to the number; every session ends. */
  async resetPassword(tenantId: number, mobile: string, code: string, password: string): Promise<void> {
    await this.deps.smsCodes.consume(tenantId, mobile, SmsScene.resetPassword, code);
    const user = await this.deps.repos.users.findByMobile(tenantId, mobile);
    if (!user || user.status !== 'active') throw new AppError('smsCodeError');
    await this.deps.repos.users.update(user.id, { passwordHash: await hashPassword(password) });
    await this.deps.repos.sessions.revokeAllOfUser(user.id, this.deps.clock.now());
    this.deps.sessionChanges.allEnded(user.id);
  }

  /** Cancelling the account (confirmed by a code): it can no longer log in and its sessions end. */
  async unregister(auth: AuthUser, code: string): Promise<void> {
    const user = await this.user(auth);
    await this.deps.smsCodes.consume(auth.tenantId, user.mobile, SmsScene.unregister, code);
    await this.deps.repos.transaction(async (tx) => {
      await tx.users.unregister(user.id);
      const phones = await this.signOutEverywhere(tx, user, 'account_cancelled');
      // Its grants both ways end with it (issue 20).
      await this.deps.phoneGrants.endAllOfAccount(
        user.id,
        phones.map((p) => p.id),
        tx,
      );
    });
  }

  /**
   * An operator stops an account (issue 63) or lets it in again, in `tx`: stopped, it is signed out
   * everywhere and the streams it watches close, as a cancelled account's do — its phones and grants
   * stay, for when it is let in again. False when it was not in the state to move from.
   */
  async setDisabled(tx: Repositories, user: User, disabled: boolean): Promise<boolean> {
    if (!(await tx.users.setDisabled(user.id, disabled))) return false;
    if (disabled) {
      await this.signOutEverywhere(tx, user, 'account_disabled');
      for (const grant of await tx.phoneGrants.heldBy(user.id, this.deps.clock.now()))
        await this.deps.endOfAccess.revoke(grant.userPhoneId, 'account_disabled', { userId: user.id, tx });
    }
    return true;
  }

  /** Ends every session of the account and every key to its own phones, in `tx`; its phones. */
  private async signOutEverywhere(tx: Repositories, user: User, reason: 'account_cancelled' | 'account_disabled') {
    await tx.sessions.revokeAllOfUser(user.id, this.deps.clock.now());
    const phones = await tx.userPhones.listOfUser(user.tenantId, user.id);
    for (const phone of phones) await this.deps.endOfAccess.revoke(phone.id, reason, { tx });
    tx.afterCommit(() => this.deps.sessionChanges.allEnded(user.id));
    return phones;
  }

  /** The number can change once per 30 days (spec §5). */
  async canChangeMobile(auth: AuthUser): Promise<{ canChange: boolean; nextChangeTime: number | null }> {
    const user = await this.user(auth);
    const next = user.mobileChangedAt === null ? null : user.mobileChangedAt + REBIND_MS;
    return { canChange: next === null || next <= this.deps.clock.now(), nextChangeTime: next };
  }

  /** Step one of a change of number: the code sent to the current number, proven by a short-lived ticket. */
  async confirmCurrentMobile(auth: AuthUser, code: string): Promise<{ ticket: string }> {
    const user = await this.user(auth);
    await this.deps.smsCodes.consume(auth.tenantId, user.mobile, SmsScene.changeMobile, code);
    return {
      ticket: this.deps.signer.sign('change-mobile', { uid: user.id, exp: this.deps.clock.now() + TICKET_TTL_MS }),
    };
  }

  /** Step two: the new number and its code. One number binds one account; other sessions end. */
  async changeMobile(auth: AuthUser, ticket: string, mobile: string, code: string): Promise<void> {
    const now = this.deps.clock.now();
    const user = await this.user(auth);
    const proof = this.deps.signer.verify<{ uid: number }>('change-mobile', ticket, now);
    if (proof?.uid !== user.id) throw new AppError('smsCodeExpired');
    if (!(await this.canChangeMobile(auth)).canChange) throw new AppError('mobileRebindTooSoon');
    if (await this.deps.repos.users.findByMobile(auth.tenantId, mobile)) throw new AppError('mobileAlreadyBound');
    await this.deps.smsCodes.consume(auth.tenantId, mobile, SmsScene.bindNewMobile, code);
    if (!(await this.deps.repos.users.changeMobile(user.id, mobile, user.mobileChangedAt, now))) {
      throw new AppError('mobileAlreadyBound');
    }
    await this.deps.repos.sessions.revokeAllOfUser(user.id, now, auth.sessionId);
    this.deps.sessionChanges.allEnded(user.id, auth.sessionId);
  }

  async assertMobileFree(tenantId: number, mobile: string): Promise<void> {
    if (await this.deps.repos.users.findByMobile(tenantId, mobile)) throw new AppError('mobileAlreadyBound');
  }

  async loginDevices(auth: AuthUser): Promise<LoginDevice[]> {
    const sessions = await this.deps.repos.sessions.activeOfUser(auth.userId, this.deps.clock.now());
    return sessions.map((s) => ({
      sessionId: s.id,
      deviceId: s.deviceId,
      userAgent: s.userAgent,
      ip: s.ip,
      createTime: s.createdAt,
      lastSeenTime: s.lastSeenAt,
      current: s.id === auth.sessionId,
    }));
  }

  async signOutDevice(auth: AuthUser, sessionId: number): Promise<void> {
    const session = await this.deps.repos.sessions.findById(sessionId);
    if (!session || session.userId !== auth.userId) throw new AppError('notFound');
    await this.deps.repos.sessions.revoke(sessionId, this.deps.clock.now());
    this.deps.sessionChanges.ended(auth.userId, sessionId);
  }

  private async user(auth: AuthUser): Promise<User> {
    const user = await this.deps.repos.users.findById(auth.userId);
    if (!user || user.status !== 'active' || user.tenantId !== auth.tenantId) throw new AppError('sessionInvalid');
    return user;
  }
}
