import { randomUUID } from 'node:crypto';

/**
 * The live channels each account holds open (`GET /api/events`, issue 20: at most
 * LIVE_EVENT_CHANNELS_PER_ACCOUNT), counted across every API node: in this process on one machine,
 * in Redis (`RedisLiveChannels`) with several nodes.
 */
export interface LiveChannels {
  /** Opens a channel of the account unless `limit` are open: its id, or undefined when refused. */
  open(userId: number, limit: number): Promise<string | undefined>;
  /** The channel is still open (told with each heartbeat): those of a node that died lapse. */
  keep(userId: number, channelId: string): void;
  close(userId: number, channelId: string): void;
}

export class InProcessLiveChannels implements LiveChannels {
  private readonly held = new Map<number, Set<string>>();

  open(userId: number, limit: number): Promise<string | undefined> {
    const held = this.held.get(userId) ?? new Set<string>();
    if (held.size >= limit) return Promise.resolve(undefined);
    const channelId = randomUUID();
    this.held.set(userId, held.add(channelId));
    return Promise.resolve(channelId);
  }

  keep(): void {
    // Channels of this process end with it: nothing lapses.
  }

  close(userId: number, channelId: string): void {
    const held = this.held.get(userId);
    held?.delete(channelId);
    if (held?.size === 0) this.held.delete(userId);
  }
}
