import { generateSecret, generateURI, verify } from 'otplib';
import {
  OPERATOR_LOGIN,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_SESSION_MS,
  operatorMay,
  PLATFORM_ACTIONS,
  type ConsoleAction,
  type OperatorRole,
} from '@cloudphone/contracts/operators';
import { isUniqueViolation } from '../../db/dialect/index';
import type { RepositoriesOf } from '../../repositories/index';
import type { Operator } from '../../repositories/operator.repository';
import { hashPassword, verifyPassword } from '../../security/password';
import type { TokenSigner } from '../../security/signed-token';
import type { Throttle, ThrottleRule } from '../../security/throttle';
import type { CacheInvalidation } from '../../cluster/cache-invalidation';
import { KeptReads } from '../../cluster/kept-reads';
import { AppError } from '../app-error';
import type { Clock } from '../clock';
import type { AuditTrail } from './audit-trail';
import type { AuditActor } from '../../repositories/audit.repository';

/** Sign-in tries per operator login: a password and a six-digit code are guessed slowly or not at all. */
const TRIES_PER_LOGIN: ThrottleRule = { scope: 'operator-login', limit: 5, windowMs: 15 * 60_000 };
/** A code of the step before or after the current one is taken (a phone's clock a little off). */
const CODE_TOLERANCE_S = 30;
const TOKEN_KIND = 'operator';

/** How long a signed-in operator is kept between its calls at most (see `OperatorService.signedIn`). */
export const OPERATORS_KEPT_MS = 30_000;

/** Who a console call is made by: the operator its token names, as it is now. */
export interface OperatorAuth {
  operatorId: number;
  /** The tenant it works on; null for a platform operator. */
  tenantId: number | null;
  login: string;
  role: OperatorRole;
}

/** Who a console call is made by, and the tenant it works on (a platform operator's names it). */
export interface ConsoleCaller extends Omit<OperatorAuth, 'tenantId'> {
  tenantId: number;
}

/** An operator as the console shows it (never its password or secret). */
export interface OperatorView {
  operatorId: number;
  tenantId: number | null;
  login: string;
  role: OperatorRole;
  createdAt: number;
  disabled: boolean;
}

const viewOf = (operator: Operator): OperatorView => ({
  operatorId: operator.id,
  tenantId: operator.tenantId,
  login: operator.login,
  role: operator.role,
  createdAt: operator.createdAt,
  disabled: operator.disabledAt !== null,
});

/**
 * A merchant's staff (issue 62): operators made by the tenant's owner (the first by the admin CLI),
 * signing in with their password and a TOTP code from the app they enrolled the secret in, and holding
 * a token of their own kind — a customer's token is never an operator's, nor the other way round.
 */
export class OperatorService {
  /**
   * Each signed-in operator as its calls find it, kept between them (every console call asks): forgotten
   * on every node when it is disabled here; kept at most `OPERATORS_KEPT_MS` against a change the admin CLI
   * makes in a process of its own without Redis.
   */
  private readonly signedIn: KeptReads<number, Operator | null>;

  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'operators' | 'tenants'>;
      signer: TokenSigner;
      clock: Clock;
      caches: CacheInvalidation;
      throttle: Throttle;
      audit: AuditTrail;
    },
  ) {
    this.signedIn = new KeptReads(deps.caches, 'operators', { keepMs: OPERATORS_KEPT_MS, clock: deps.clock });
  }

  /**
   * Makes an operator of `tenantId` (null: of the platform): its TOTP secret is answered once, as the
   * `otpauth://` link an authenticator app takes, and never shown again. (Only the demo's seed names
   * the secret itself, to publish it.)
   */
  async create(
    actor: AuditActor,
    spec: { tenantId: number | null; login: string; password: string; role: OperatorRole; totpSecret?: string },
  ): Promise<OperatorView & { totpSecret: string; otpauthUri: string }> {
    if (!OPERATOR_LOGIN.test(spec.login)) throw new AppError('operatorLoginInvalid');
    if (spec.password.length < OPERATOR_PASSWORD_MIN) throw new AppError('operatorPasswordWeak');
    if (spec.tenantId !== null && !(await this.deps.repos.tenants.findById(spec.tenantId)))
      throw new AppError('tenantNotFound');
    const totpSecret = spec.totpSecret ?? generateSecret();
    const operator = {
      tenantId: spec.tenantId,
      login: spec.login,
      passwordHash: await hashPassword(spec.password),
      role: spec.role,
      totpSecret,
      createdAt: this.deps.clock.now(),
    };
    const operatorId = await this.deps.repos.transaction(async (tx) => {
      const id = await tx.operators.create(operator).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError('operatorLoginTaken') : error;
      });
      const after = { login: spec.login, role: spec.role };
      await this.deps.audit.record(tx, actor, spec.tenantId, {
        action: 'operator.create',
        target: ['operator', String(id)],
        after,
      });
      return id;
    });
    const otpauthUri = generateURI({ issuer: 'Cloudphone', label: spec.login, secret: totpSecret });
    return { ...viewOf({ ...operator, id: operatorId, disabledAt: null }), totpSecret, otpauthUri };
  }

  /** Signs in with the login, password and current TOTP code; one answer for any of them wrong. */
  async signIn(spec: {
    tenantId: number | null;
    login: string;
    password: string;
    code: string;
  }): Promise<{ accessToken: string; expiresAt: number; operator: OperatorView }> {
    const subject = `${spec.tenantId ?? 'platform'}:${spec.login.toLowerCase()}`;
    if (!(await this.deps.throttle.hit(TRIES_PER_LOGIN, subject))) throw new AppError('tooFrequent');
    const operator = await this.deps.repos.operators.findByLogin(spec.tenantId, spec.login);
    const passwordHolds = operator ? await verifyPassword(spec.password, operator.passwordHash) : false;
    if (!operator || !passwordHolds || operator.disabledAt !== null || !(await this.codeHolds(operator, spec.code)))
      throw new AppError('operatorSignInFailed');
    const expiresAt = this.deps.clock.now() + OPERATOR_SESSION_MS;
    const accessToken = this.deps.signer.sign(TOKEN_KIND, { oid: operator.id, exp: expiresAt });
    return { accessToken, expiresAt, operator: viewOf(operator) };
  }

  /** The operator a console token names, as it is now: a disabled one is refused at once. */
  async authenticate(token: string | undefined): Promise<OperatorAuth> {
    const payload = token && this.deps.signer.verify<{ oid: number }>(TOKEN_KIND, token, this.deps.clock.now());
    // As a customer's lapsed token is answered: the console goes back to its sign-in.
    if (!payload) throw new AppError('tokenExpired');
    const operator = await this.signedIn.get(
      payload.oid,
      async () => (await this.deps.repos.operators.findById(payload.oid)) ?? null,
    );
    if (!operator || operator.disabledAt !== null) throw new AppError('tokenExpired');
    return { operatorId: operator.id, tenantId: operator.tenantId, login: operator.login, role: operator.role };
  }

  /** Refuses what the operator's role may not do (the role table), with the catalogue's message. */
  require(auth: OperatorAuth, action: ConsoleAction): void {
    if (PLATFORM_ACTIONS.includes(action) && auth.tenantId !== null) throw new AppError('platformOperatorOnly');
    if (!operatorMay(auth, action)) throw new AppError('operatorRoleForbidden');
  }

  /** The operator as the console shows it (the one signed in: `me`). */
  async view(operatorId: number): Promise<OperatorView> {
    const operator = await this.deps.repos.operators.findById(operatorId);
    if (!operator) throw new AppError('tokenExpired');
    return viewOf(operator);
  }

  /** Disables an operator of the tenant (its token is refused at its next call) or enables it again. */
  async setDisabled(actor: AuditActor, tenantId: number, operatorId: number, disabled: boolean) {
    if (actor.operatorId === operatorId) throw new AppError('operatorSelfDisable');
    return this.deps.repos.transaction(async (tx) => {
      const operator = await tx.operators.findById(operatorId);
      if (!operator || operator.tenantId !== tenantId) throw new AppError('operatorNotFound');
      const disabledAt = disabled ? (operator.disabledAt ?? this.deps.clock.now()) : null;
      await tx.operators.setDisabledAt(operatorId, disabledAt);
      tx.afterCommit(() => this.signedIn.forget(operatorId));
      await this.deps.audit.record(tx, actor, tenantId, {
        action: disabled ? 'operator.disable' : 'operator.enable',
        target: ['operator', String(operatorId)],
        before: { login: operator.login, disabled: operator.disabledAt !== null },
        after: { login: operator.login, disabled },
      });
      return viewOf({ ...operator, disabledAt });
    });
  }

  async list(tenantId: number): Promise<OperatorView[]> {
    return (await this.deps.repos.operators.ofTenant(tenantId)).map(viewOf);
  }

  private async codeHolds(operator: Operator, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const epoch = Math.floor(this.deps.clock.now() / 1000);
    const result = await verify({
      secret: operator.totpSecret,
      token: code,
      epoch,
      epochTolerance: CODE_TOLERANCE_S,
    }).catch(() => ({ valid: false }));
    return result.valid;
  }
}
