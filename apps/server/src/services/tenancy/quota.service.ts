import type { LimitConfigKey } from '@cloudphone/contracts/config-keys';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import { AppError } from '../app-error';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { Clock } from '../clock';
import type { ConfigService } from './config.service';

/** A held place has no window: it lasts until it is freed (a century, as far as the counter goes). */
const HELD_UNTIL_FREED = 100 * 365 * 86_400_000;

/** One counted use of a spec §9 limit: at most the tenant's `key` uses per `subject` per window. */
export interface QuotaUse {
  /** The config key holding the limit (its default in contracts). */
  key: LimitConfigKey;
  /** Whose uses count together, e.g. `user:42` or `phone:7`. */
  subject: string;
  windowMs: number;
  /** The catalogue message when it is spent. */
  error: ErrorKey;
  /** Uses this change makes at once (default 1). */
  count?: number;
}

/**
 * Quotas as atomic rules (DESIGN §10): day windows and counts from the tenant's config keys, counted
 * the way the throttle counts (a conditional increment of a counter row) inside the unit of work of
 * the change they limit — so 50 parallel requests never pass a limit, and a change that fails later
 * takes its count back with it.
 */
export class QuotaService {
  constructor(
    private readonly config: ConfigService,
    private readonly clock: Clock,
  ) {}

  limit(tenantId: number, key: LimitConfigKey, tx?: RepositoriesOf<'config'>): Promise<number> {
    return this.config.limit(tenantId, key, tx);
  }

  /** Counts each use in `tx`, or refuses with the first spent quota's message. */
  async take(tx: Repositories, tenantId: number, uses: readonly QuotaUse[]): Promise<void> {
    const now = this.clock.now();
    for (const use of uses) {
      // Read in the unit of work: on SQLite a second connection would wait for it to finish.
      const limit = await this.limit(tenantId, use.key, tx);
      for (let i = 0; i < (use.count ?? 1); i++) {
        const counted = await tx.throttleCounters.hit(`quota:${use.key}`, use.subject, limit, use.windowMs, now);
        if (!counted) throw new AppError(use.error);
      }
    }
  }

  /**
   * Takes one of the places a subject may hold at once (`template.user.max`: templates an account
   * keeps), in `tx`, or refuses with `error`; `free` gives it back when the thing held goes. Counted
   * as the quotas are — a conditional increment of one counter row — so racing takers never pass it.
   */
  async hold(
    tx: Repositories,
    tenantId: number,
    use: { key: LimitConfigKey; subject: string; error: ErrorKey },
  ): Promise<void> {
    const limit = await this.limit(tenantId, use.key, tx);
    if (!(await tx.throttleCounters.hit(`hold:${use.key}`, use.subject, limit, HELD_UNTIL_FREED, this.clock.now())))
      throw new AppError(use.error);
  }

  async free(tx: Repositories, key: LimitConfigKey, subject: string): Promise<void> {
    await tx.throttleCounters.release(`hold:${key}`, subject);
  }

  /** How many uses the quota has left now, without counting one (a check before the change). */
  async left(
    repos: RepositoriesOf<'throttleCounters' | 'config'>,
    tenantId: number,
    use: Pick<QuotaUse, 'key' | 'subject'>,
  ): Promise<number> {
    const limit = await this.limit(tenantId, use.key, repos);
    const counted = await repos.throttleCounters.count(`quota:${use.key}`, use.subject, this.clock.now());
    return Math.max(0, limit - counted);
  }

  /** Refuses a batch larger than the tenant's `key` allows (e.g. `give.batch.count`); `%s` in the message is the limit. */
  async batch(tenantId: number, key: LimitConfigKey, size: number, error: ErrorKey = 'invalidParameter') {
    const limit = await this.limit(tenantId, key);
    if (size > limit) throw new AppError(error, null, [limit]);
  }
}
