import type { Redis } from 'ioredis';
import type { LiveEvent } from '@cloudphone/contracts/live-events';
import { InProcessEventBus, type LiveEventBus } from './live-event-bus';

/**
 * Live events between API nodes (DESIGN §8, §10): an event goes to the user's channel in Redis, and a
 * node subscribes to a user's channel while a browser of theirs listens to it there — so a browser
 * on any node hears what any node published, and a node hears only its own listeners' users. An
 * event published while Redis is away is lost, as one published to nobody: a browser reconnecting
 * reads the state anew.
 */
export class RedisEventBus implements LiveEventBus {
  private readonly here = new InProcessEventBus();
  /** The users whose channels this node subscribes to, each once the subscription holds. */
  private readonly subscribed = new Map<number, Promise<void>>();

  constructor(
    private readonly publisher: Redis,
    /** A connection of its own: a subscribed connection takes no other command. */
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      const userId = this.userOf(channel);
      if (userId === undefined) return;
      try {
        this.here.publish(userId, JSON.parse(message) as LiveEvent);
      } catch (error) {
        onError(error);
      }
    });
  }

  publish(userId: number, event: LiveEvent): void {
    this.publisher.publish(this.channel(userId), JSON.stringify(event)).catch(this.onError);
  }

  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void {
    const stop = this.here.subscribe(userId, listener);
    if (!this.subscribed.has(userId))
      this.subscribed.set(
        userId,
        this.subscriber.subscribe(this.channel(userId)).then(() => undefined, this.onError),
      );
    return () => {
      stop();
      if (this.here.hears(userId) || !this.subscribed.delete(userId)) return;
      // Commands keep their order on the connection: a subscription asked for later still holds.
      this.subscriber.unsubscribe(this.channel(userId)).catch(this.onError);
    };
  }

  ready(userId: number): Promise<void> {
    return this.subscribed.get(userId) ?? Promise.resolve();
  }

  private channel(userId: number): string {
    return `${this.prefix}:events:${userId}`;
  }

  private userOf(channel: string): number | undefined {
    const head = `${this.prefix}:events:`;
    return channel.startsWith(head) ? Number(channel.slice(head.length)) : undefined;
  }
}
