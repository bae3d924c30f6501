import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { EVENTS_HEARTBEAT_MS } from '@cloudphone/contracts/live-events';
import type { LiveChannels } from './live-channels';

/** A channel no heartbeat kept for this long is counted no more (its node died). */
const LAPSE_MS = 3 * EVENTS_HEARTBEAT_MS;

/**
 * Opens a channel in one step: drops the lapsed ones, counts the rest, adds this one unless full.
 * KEYS[1] the account's sorted set (channel id → when it lapses); ARGV limit, channel id, lapse ms.
 * Redis's own clock, so nodes whose clocks differ agree.
 */
const OPEN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** Keeps an open channel another lapse long (and the set with it); one lapsed meanwhile stays gone. */
const KEEP = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

/**
 * The live channels per account across API nodes (DESIGN §8): a sorted set per account in Redis, each
 * open channel with the time it lapses. A node's heartbeats keep its channels; when a node dies its
 * channels lapse within LAPSE_MS, and the account may open them again elsewhere.
 */
export class RedisLiveChannels implements LiveChannels {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  async open(userId: number, limit: number): Promise<string | undefined> {
    const channelId = randomUUID();
    const opened = await this.redis.eval(OPEN, 1, this.key(userId), limit, channelId, LAPSE_MS);
    return opened === 1 ? channelId : undefined;
  }

  keep(userId: number, channelId: string): void {
    this.redis.eval(KEEP, 1, this.key(userId), channelId, LAPSE_MS).catch(this.onError);
  }

  close(userId: number, channelId: string): void {
    this.redis.zrem(this.key(userId), channelId).catch(this.onError);
  }

  private key(userId: number): string {
    return `${this.prefix}:live-channels:${userId}`;
  }
}
