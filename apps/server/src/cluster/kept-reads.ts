import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../services/clock';
import type { CacheInvalidation, CacheKey } from './cache-invalidation';

/** How many values one cache keeps; past it the least recently read go first. */
export const KEPT_VALUES = 10_000;

/**
 * Look-ups that every request makes and that change rarely (issue 34: a session's state, the grants
 * and locks a phone list shows), kept in this node's memory under a key. Whoever changes what one
 * holds calls `forget` once the change is committed, and every node drops it (`CacheInvalidation`,
 * through Redis with several nodes). A value read while it was being forgotten is not kept: it may be
 * the old one. Never for the policy a state-changing request decides on: that is read in its unit of
 * work.
 */
export class KeptReads<K extends CacheKey, V> {
  /** Each value boxed: the cache keeps objects, and a kept `null` or `0` is a value too. */
  private readonly kept: LRUCache<K, { value: V }>;
  /** Moves with every drop: a read that began before one keeps nothing. */
  private drops = 0;

  constructor(
    private readonly caches: CacheInvalidation,
    /** The cache's name between nodes. */
    private readonly name: string,
    {
      keepMs = Infinity,
      clock = systemClock,
      max = KEPT_VALUES,
    }: {
      /**
       * How long a value is kept at most: for what another process may change without a word to this
       * one (the admin CLI alone, without Redis). Forever when absent.
       */
      keepMs?: number;
      /** The server's clock: a test moves through a value's time without waiting. */
      clock?: Clock;
      max?: number;
    } = {},
  ) {
    this.kept = new LRUCache({
      max,
      ...(Number.isFinite(keepMs) && { ttl: keepMs, ttlResolution: 0, perf: { now: () => clock.now() } }),
    });
    caches.on(name, (key) => {
      this.drops++;
      if (key === undefined) this.kept.clear();
      else this.kept.delete(key as K);
    });
  }

  /** The value kept under `key` (and that `fits`, when asked), or the one `read` reads, then kept. */
  async get(key: K, read: () => Promise<V>, fits: (value: V) => boolean = () => true): Promise<V> {
    const kept = this.kept.get(key);
    if (kept && fits(kept.value)) return kept.value;
    const drops = this.drops;
    const value = await read();
    if (drops === this.drops) this.keep(key, value);
    return value;
  }

  /**
   * The values of `keys`: those kept, and the others read at once by `read` (`none` for a key it
   * finds nothing under), then kept.
   */
  async getMany(keys: readonly K[], read: (missing: K[]) => Promise<Map<K, V>>, none: V): Promise<Map<K, V>> {
    const values = new Map<K, V>();
    const missing: K[] = [];
    for (const key of keys) {
      const kept = this.kept.get(key);
      if (kept) values.set(key, kept.value);
      else missing.push(key);
    }
    if (missing.length === 0) return values;
    const drops = this.drops;
    const found = await read(missing);
    for (const key of missing) {
      const value = found.get(key) ?? none;
      values.set(key, value);
      if (drops === this.drops) this.keep(key, value);
    }
    return values;
  }

  /** What is kept under `key` (everything, without one) changed: every node drops it. */
  forget(key?: K): void {
    this.caches.invalidate(this.name, key);
  }

  private keep(key: K, value: V): void {
    this.kept.set(key, { value });
  }
}
