import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Short-lived caches that every API node keeps of its own (DESIGN §8): a node that changes what one
 * holds says so, and every node — itself first — drops it. In this process on one machine; through
 * Redis (`RedisCacheInvalidation`) with several nodes.
 */
export interface CacheInvalidation {
  /** What `cache` holds under `key` (everything, without one) is stale, on every node. */
  invalidate(cache: string, key?: CacheKey): void;
  /** Hears `cache` said stale, by any node: under `key`, or all of it when there is none. */
  on(cache: string, drop: (key?: CacheKey) => void): void;
}

/** What a cache keeps a value under: an id or a name (it travels between nodes as JSON). */
export type CacheKey = number | string;

export class InProcessCacheInvalidation implements CacheInvalidation {
  protected readonly drops = new Map<string, Set<(key?: CacheKey) => void>>();

  invalidate(cache: string, key?: CacheKey): void {
    for (const drop of this.drops.get(cache) ?? []) drop(key);
  }

  on(cache: string, drop: (key?: CacheKey) => void): void {
    this.drops.set(cache, (this.drops.get(cache) ?? new Set()).add(drop));
  }
}

/**
 * Invalidations between nodes on one Redis channel. A node that was cut off from Redis may have
 * missed some: when its subscription comes back, it drops every cache.
 */
export class RedisCacheInvalidation extends InProcessCacheInvalidation {
  /** This node, so it does not drop twice what it said itself. */
  private readonly node = randomUUID();
  private readonly channel: string;

  constructor(
    private readonly deps: {
      publisher: Redis;
      /** Shared with the live events: a subscribed connection takes no other command. */
      subscriber: Redis;
      prefix: string;
      onError: (error: unknown) => void;
    },
  ) {
    super();
    this.channel = `${deps.prefix}:caches`;
    deps.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      try {
        const { cache, key, node } = JSON.parse(message) as { cache: string; key?: CacheKey; node: string };
        if (node !== this.node) super.invalidate(cache, key);
      } catch (error) {
        deps.onError(error);
      }
    });
    let subscribedBefore = deps.subscriber.status === 'ready';
    deps.subscriber.on('ready', () => {
      // ioredis subscribes again by itself on reconnecting; what changed meanwhile is unknown.
      if (subscribedBefore) for (const cache of this.drops.keys()) super.invalidate(cache);
      subscribedBefore = true;
    });
    deps.subscriber.subscribe(this.channel).catch(deps.onError);
  }

  override invalidate(cache: string, key?: CacheKey): void {
    super.invalidate(cache, key);
    this.deps.publisher.publish(this.channel, JSON.stringify({ cache, key, node: this.node })).catch(this.deps.onError);
  }
}
