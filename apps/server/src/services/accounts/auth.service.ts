import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import type { TokenPair } from '@cloudphone/contracts/auth';
import { LOGIN_ATTEMPTS } from '@cloudphone/contracts/limits';
import { languageOrNull, type Language } from '@cloudphone/contracts/locale';
import { SmsScene } from '@cloudphone/contracts/auth';
import { maskMobile } from '@cloudphone/contracts/validation';
import { AppError } from '../app-error';
import { callerLanguage } from '../../http/caller-language';
import type { RepositoriesOf } from '../../repositories/index';
import type { User } from '../../repositories/user.repository';
import { verifyPassword } from '../../security/password';
import type { TokenSigner } from '../../security/signed-token';
import { sha256 } from '../../security/signed-token';
import type { Throttle, ThrottleRule } from '../../security/throttle';
import type { Clock } from '../clock';
import type { SessionChanges, SessionStates } from './session-changes';
import type { SmsCodeService } from './sms-code.service';

export const ACCESS_TOKEN_TTL_MS = 30 * 60_000;
export const SESSION_TTL_MS = 30 * 86_400_000;
const AUTH_CODE_TTL_MS = 5 * 60_000;

/** Password tries (spec §8 "Please do not operate frequently"): refused per account, slowed per address. */
const LOGIN_WINDOW_MS = LOGIN_ATTEMPTS.windowMinutes * 60_000;
const TRIES_PER_ACCOUNT: ThrottleRule = {
  scope: 'login-account',
  limit: LOGIN_ATTEMPTS.perAccount,
  windowMs: LOGIN_WINDOW_MS,
};
const FULL_SPEED_TRIES_PER_ADDRESS: ThrottleRule = {
  scope: 'login-address',
  limit: LOGIN_ATTEMPTS.perAddressAtFullSpeed,
  windowMs: LOGIN_WINDOW_MS,
};

/** Where a login comes from: the tenant and client of its headers, and the device it is made on. */
export interface LoginOrigin {
  tenantId: number;
  clientId: number;
  deviceId: string;
  userAgent: string;
  ip: string;
}

/** What an access token proves. */
export interface AuthUser {
  userId: number;
  tenantId: number;
  clientId: number;
  sessionId: number;
  /** The language the account keeps; null until the user picks one (the request's then counts). */
  language: Language | null;
}

/** What `authenticate` reads of a session and its account (undefined: no such session). */

interface AccessPayload {
  uid: number;
  tid: number;
  cid: number;
  sid: number;
}

/** Logging in and staying logged in: passwords, SMS codes, merchant auth codes, tokens and sessions (DESIGN §3). */
export class AuthService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'authCodes' | 'sessions' | 'users'>;
      smsCodes: SmsCodeService;
      signer: TokenSigner;
      clock: Clock;
      throttle: Throttle;
      sessionStates: SessionStates;
      sessionChanges: SessionChanges;
    },
  ) {}

  /**
   * Each try is counted before the password is checked, so an account gets its tries and no more
   * however many arrive at once; a login that succeeds gives its tries back.
   */
  async passwordLogin(mobile: string, password: string, origin: LoginOrigin): Promise<TokenPair> {
    const account = `${origin.tenantId}:${mobile}`;
    if (!(await this.deps.throttle.hit(TRIES_PER_ACCOUNT, account))) throw new AppError('tooFrequent');
    const fullSpeed = await this.deps.throttle.hit(FULL_SPEED_TRIES_PER_ADDRESS, origin.ip);
    if (!fullSpeed) await pause(LOGIN_ATTEMPTS.slowdownMs);
    const user = await this.deps.repos.users.findByMobile(origin.tenantId, mobile);
    // Only the account's own password learns that it is stopped (startSession says so).
    const valid = user?.passwordHash != null && (await verifyPassword(password, user.passwordHash));
    if (!user || !valid) throw new AppError('loginFailed');
    await this.deps.throttle.clear(TRIES_PER_ACCOUNT, account);
    if (fullSpeed) await this.deps.throttle.release(FULL_SPEED_TRIES_PER_ADDRESS, origin.ip);
    return this.startSession(user, origin);
  }

  /** An unregistered number is registered on its first code login (spec §1). */
  async smsLogin(mobile: string, code: string, origin: LoginOrigin): Promise<TokenPair> {
    await this.deps.smsCodes.consume(origin.tenantId, mobile, SmsScene.login, code);
    return this.startSession(await this.userForLogin(origin.tenantId, mobile), origin);
  }

  async sendLoginCode(tenantId: number, mobile: string, scene: number, ip: string): Promise<void> {
    await this.deps.smsCodes.send(tenantId, mobile, scene, ip);
  }

  /** The merchant-host login and non-h5 entry: a one-time code issued by the merchant, exchanged for tokens. */
  async authCodeLogin(code: string, origin: LoginOrigin): Promise<TokenPair> {
    const mobile = await this.deps.repos.authCodes.use(sha256(code), origin.tenantId, this.deps.clock.now());
    if (!mobile) throw new AppError('authCodeInvalid');
    return this.startSession(await this.userForLogin(origin.tenantId, mobile), origin);
  }

  /** A one-time entry code for a user of the client, and where to open the client with it. */
  async issueAuthCode(
    tenantId: number,
    client: { id: number; clientNo: string },
    mobile: string,
  ): Promise<{ code: string; expireTime: number; entryPath: string }> {
    const code = randomBytes(18).toString('base64url');
    const expireTime = this.deps.clock.now() + AUTH_CODE_TTL_MS;
    await this.deps.repos.authCodes.insert({
      codeHash: sha256(code),
      tenantId,
      clientId: client.id,
      mobile,
      expiresAt: expireTime,
    });
    return { code, expireTime, entryPath: `/app/${client.clientNo}?code=${code}` };
  }

  /** Rotates the refresh token; presenting a token that was already rotated ends the whole session. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.deps.clock.now();
    const hash = sha256(refreshToken);
    const found = await this.deps.repos.sessions.findRefreshToken(hash);
    if (!found) throw new AppError('tokenExpired');
    const session = await this.deps.repos.sessions.findById(found.sessionId);
    if (!session || session.revokedAt !== null || session.expiresAt <= now) throw new AppError('tokenExpired');
    const next = randomBytes(32).toString('base64url');
    if (
      found.replacedAt !== null ||
      !(await this.deps.repos.transaction((tx) => tx.sessions.rotateRefreshToken(hash, sha256(next), session.id, now)))
    ) {
      await this.deps.repos.sessions.revoke(session.id, now);
      this.deps.sessionChanges.ended(session.userId, session.id);
      throw new AppError('tokenExpired');
    }
    const user = await this.deps.repos.users.findById(session.userId);
    if (user?.status !== 'active') throw new AppError('sessionInvalid');
    return this.tokens(session.userId, session.tenantId, session.clientId, session.id, next, now);
  }

  async logout(auth: AuthUser): Promise<void> {
    await this.deps.repos.sessions.revoke(auth.sessionId, this.deps.clock.now());
    this.deps.sessionChanges.ended(auth.userId, auth.sessionId);
  }

  /**
   * Checks an access token for a request of `tenantId`: missing, forged or expired → 401 (the client
   * refreshes); a session ended elsewhere or a closed account → 400 (the client logs out).
   */
  async authenticate(accessToken: string | undefined, tenantId: number): Promise<AuthUser> {
    const now = this.deps.clock.now();
    const payload = accessToken ? this.deps.signer.verify<AccessPayload>('access', accessToken, now) : undefined;
    if (!payload) throw new AppError('tokenExpired');
    if (payload.tid !== tenantId) throw new AppError('sessionInvalid');
    const state = await this.deps.sessionStates.get(payload.sid, () => this.deps.repos.sessions.authState(payload.sid));
    if (!state || state.revokedAt !== null || state.userStatus !== 'active') throw new AppError('sessionInvalid');
    // Last seen is for the login-device list: once a minute is precise enough and spares writes.
    if (now - state.lastSeenAt > 60_000) {
      await this.deps.repos.sessions.touch(payload.sid, now);
      state.lastSeenAt = now;
    }
    return {
      userId: payload.uid,
      tenantId: payload.tid,
      clientId: payload.cid,
      sessionId: payload.sid,
      language: languageOrNull(state.language),
    };
  }

  private async userForLogin(tenantId: number, mobile: string): Promise<User> {
    const existing = await this.deps.repos.users.findByMobile(tenantId, mobile);
    if (existing) return existing;
    return this.register(tenantId, mobile, null);
  }

  /** A new account: a unique 8-digit user number, and the masked mobile as its first nickname. */
  async register(tenantId: number, mobile: string, passwordHash: string | null): Promise<User> {
    let userNo = '';
    do userNo = String(randomInt(10_000_000, 100_000_000));
    while (await this.deps.repos.users.userNoTaken(userNo));
    const created = await this.deps.repos.users.create({
      tenantId,
      userNo,
      mobile,
      nickname: maskMobile(mobile),
      avatar: '',
      passwordHash,
      registerTime: this.deps.clock.now(),
    });
    // A concurrent registration of the same number won: log in to that account.
    const user = created ?? (await this.deps.repos.users.findByMobile(tenantId, mobile));
    if (!user) throw new AppError('systemException');
    return user;
  }

  private async startSession(user: User, origin: LoginOrigin): Promise<TokenPair> {
    if (user.status === 'disabled') throw new AppError('accountSuspended');
    if (user.status !== 'active') throw new AppError('accountDisabled');
    // The language the app shows at the first login stays with the account (issue 22): the phones it
    // receives start in it, whichever process makes them, until the user chooses one.
    if (user.firstLanguage === null) await this.deps.repos.users.setFirstLanguage(user.id, callerLanguage());
    const now = this.deps.clock.now();
    const refreshToken = randomBytes(32).toString('base64url');
    const session = await this.deps.repos.transaction((tx) =>
      tx.sessions.create(
        {
          userId: user.id,
          tenantId: origin.tenantId,
          clientId: origin.clientId,
          deviceId: origin.deviceId,
          userAgent: origin.userAgent,
          ip: origin.ip,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: now + SESSION_TTL_MS,
        },
        sha256(refreshToken),
      ),
    );
    return this.tokens(user.id, origin.tenantId, origin.clientId, session.id, refreshToken, now);
  }

  private tokens(
    userId: number,
    tenantId: number,
    clientId: number,
    sessionId: number,
    refreshToken: string,
    now: number,
  ): TokenPair {
    const expiresTime = now + ACCESS_TOKEN_TTL_MS;
    const accessToken = this.deps.signer.sign<AccessPayload>('access', {
      uid: userId,
      tid: tenantId,
      cid: clientId,
      sid: sessionId,
      exp: expiresTime,
    });
    return { accessToken, refreshToken, expiresTime, userId };
  }
}
