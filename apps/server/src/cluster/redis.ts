import { Redis } from 'ioredis';

/**
 * A connection to Redis (`REDIS_URL`). A command waits out a reconnect rather than failing, as BullMQ's
 * workers need; what Redis carries may be rebuilt (DESIGN §8), so a Redis restart delays, never loses.
 */
export function connectRedis(url: string, name: string): Redis {
  const redis = new Redis(url, { connectionName: name, maxRetriesPerRequest: null });
  // Reconnecting is ioredis's own business; an unhandled 'error' would end the process.
  redis.on('error', () => undefined);
  return redis;
}
