import type { LiveEvent } from '@cloudphone/contracts/live-events';

/**
 * Live events to browsers (DESIGN §10): a service publishes an event for a user, and every channel
 * that user has open (`GET /api/events`, on whichever API node it reached) receives it. In one
 * process this is a map of listeners; with several API nodes `RedisEventBus` backs the same
 * interface with Redis pub/sub (DESIGN §8).
 */
export interface LiveEventBus {
  publish(userId: number, event: LiveEvent): void;
  /** Listens to a user's events until the returned function is called. */
  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void;
  /** Resolves once events published for the user on any node reach this node's listeners. */
  ready(userId: number): Promise<void>;
}

export class InProcessEventBus implements LiveEventBus {
  private readonly listeners = new Map<number, Set<(event: LiveEvent) => void>>();

  publish(userId: number, event: LiveEvent): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(event);
  }

  /** Whether anyone here listens to the user's events. */
  hears(userId: number): boolean {
    return this.listeners.has(userId);
  }

  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }
}
