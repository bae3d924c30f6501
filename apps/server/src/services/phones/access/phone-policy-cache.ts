import type { CacheInvalidation } from '../../../cluster/cache-invalidation';
import { KeptReads } from '../../../cluster/kept-reads';
import type { RepositoriesOf } from '../../../repositories/index';
import type { PhoneGrant } from '../../../repositories/phone-grant.repository';
import type { PhoneLock } from '../../../repositories/phone-lock.repository';
import type { Clock } from '../../clock';

/**
 * A grant the admin CLI makes in its own process reaches a server without Redis this late at most;
 * every other change is forgotten when it is made.
 */
const GRANTS_KEPT_MS = 60_000;

/**
 * What the phone list shows of the phone-access policy (issue 34: a query each on every list): the
 * grants a user holds, the grants of phones, and phones' locks — kept between requests, each as it
 * was read and judged against the clock when shown. Forgotten once committed by what changes them:
 * a grant made, redeemed or ended (`grantChanged`), an end of access or a change of locks written
 * for the hosts (`accessEnded`, `locksChanged`, by the delivery to hosts), and whatever another
 * process wrote for the hosts once this server delivers it. Never the policy a request acts on:
 * `PhoneAccessService.authorize` reads that from the database, for a security token too.
 */
export class PhonePolicyCache {
  /** Live grants by grantee. */
  private readonly held: KeptReads<number, PhoneGrant[]>;
  /** Live grants by phone. */
  private readonly ofPhone: KeptReads<number, PhoneGrant[]>;
  /** Locks by phone. */
  private readonly locks: KeptReads<number, PhoneLock[]>;

  constructor(
    private readonly repos: RepositoriesOf<'phoneGrants' | 'phoneLocks'>,
    caches: CacheInvalidation,
    private readonly clock: Clock,
  ) {
    this.held = new KeptReads(caches, 'grants-held', { keepMs: GRANTS_KEPT_MS, clock });
    this.ofPhone = new KeptReads(caches, 'grants-of-phone', { keepMs: GRANTS_KEPT_MS, clock });
    this.locks = new KeptReads(caches, 'phone-locks');
  }

  /** The grants the user holds now. */
  async heldBy(granteeId: number): Promise<PhoneGrant[]> {
    const grants = await this.held.get(granteeId, () => this.repos.phoneGrants.heldBy(granteeId, this.clock.now()));
    const now = this.clock.now();
    return grants.filter((g) => g.expireTime > now);
  }

  /** The phones among `userPhoneIds` granted out now (a code waiting to be redeemed included). */
  async grantedOut(userPhoneIds: readonly number[]): Promise<Set<number>> {
    const grants = await this.ofPhone.getMany(
      userPhoneIds,
      async (missing) => groupByPhone(await this.repos.phoneGrants.liveOfPhones(missing)),
      [],
    );
    const now = this.clock.now();
    return new Set([...grants].filter(([, ofPhone]) => ofPhone.some((g) => g.expireTime > now)).map(([id]) => id));
  }

  /** The locks these phones hold now, by phone and in the order they were taken. */
  async locksOf(userPhoneIds: readonly number[]): Promise<PhoneLock[]> {
    const locks = await this.locks.getMany(
      userPhoneIds,
      async (missing) => groupByPhone(await this.repos.phoneLocks.held(missing, this.clock.now())),
      [],
    );
    const now = this.clock.now();
    return [...locks.values()].flat().filter((l) => l.expiresAt > now);
  }

  /** A grant was made, redeemed or ended. */
  grantChanged(grant: Pick<PhoneGrant, 'granteeId' | 'userPhoneId'>): void {
    if (grant.granteeId !== null) this.held.forget(grant.granteeId);
    this.ofPhone.forget(grant.userPhoneId);
  }

  /** A user's access to a phone ended, or everyone's (`userId` null: who held grants of it is not known here). */
  accessEnded(userPhoneId: number, userId: number | null): void {
    this.held.forget(userId ?? undefined);
    this.ofPhone.forget(userPhoneId);
  }

  /** These phones' locks changed. */
  locksChanged(userPhoneIds: readonly number[]): void {
    for (const id of userPhoneIds) this.locks.forget(id);
  }
}

function groupByPhone<T extends { userPhoneId: number }>(rows: readonly T[]): Map<number, T[]> {
  const byPhone = new Map<number, T[]>();
  for (const row of rows) byPhone.set(row.userPhoneId, [...(byPhone.get(row.userPhoneId) ?? []), row]);
  return byPhone;
}
