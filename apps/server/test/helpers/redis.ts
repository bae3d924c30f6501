import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1_500, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Tests of several API nodes need Redis between them (DESIGN §8); they say so when it does not answer. */
export const redisReachable = await redisAnswers(TEST_REDIS_URL);

/**
 * A key prefix of this test file's own (`REDIS_PREFIX`), so files running at once share nothing; its
 * keys are removed when the file ends.
 */
export function testRedisPrefix(): string {
  const prefix = `cloudphone-test-${randomBytes(6).toString('hex')}`;
  afterAll(async () => {
    if (!redisReachable) return;
    const redis = new Redis(TEST_REDIS_URL);
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>)
      if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  return prefix;
}
