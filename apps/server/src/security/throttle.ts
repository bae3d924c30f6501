import type { ThrottleCounterRepository } from '../repositories/throttle-counter.repository';
import type { Clock } from '../services/clock';

/**
 * A limit: at most `limit` events per subject in a window of `windowMs` that starts at the subject's
 * first event. `scope` names the rule (one per rule), the subject says whose events they are.
 */
export interface ThrottleRule {
  scope: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts first, then the caller does the work (DESIGN §5): `hit` counts the event and answers whether
 * it is within the limit, atomically, so parallel requests cannot all slip under it. Backed by the
 * database; with several API nodes the same interface moves to Redis (DESIGN §8).
 */
export interface Throttle {
  /** Counts one event of `subject`; false (and nothing counted) once the window holds `limit` events. */
  hit(rule: ThrottleRule, subject: string): Promise<boolean>;
  /** Gives one counted event back: what it guarded turned out fine (a login that succeeded). */
  release(rule: ThrottleRule, subject: string): Promise<void>;
  /** Forgets the subject's events. */
  clear(rule: ThrottleRule, subject: string): Promise<void>;
}

/** Ended windows are swept every this many hits, so the counter table stays the size of current activity. */
const PURGE_EVERY = 1_000;

export class DatabaseThrottle implements Throttle {
  private hits = 0;

  constructor(
    private readonly counters: ThrottleCounterRepository,
    private readonly clock: Clock,
  ) {}

  async hit(rule: ThrottleRule, subject: string): Promise<boolean> {
    const now = this.clock.now();
    if (++this.hits % PURGE_EVERY === 0) await this.counters.purgeEnded(now);
    return this.counters.hit(rule.scope, subject, rule.limit, rule.windowMs, now);
  }

  release(rule: ThrottleRule, subject: string): Promise<void> {
    return this.counters.release(rule.scope, subject);
  }

  clear(rule: ThrottleRule, subject: string): Promise<void> {
    return this.counters.clear(rule.scope, subject);
  }
}

/** Counts one event against each rule in turn; when one refuses, those already counted are given back. */
export async function hitAll(throttle: Throttle, hits: readonly [ThrottleRule, string][]): Promise<boolean> {
  for (const [index, [rule, subject]] of hits.entries()) {
    if (await throttle.hit(rule, subject)) continue;
    for (const [counted, countedSubject] of hits.slice(0, index)) await throttle.release(counted, countedSubject);
    return false;
  }
  return true;
}
