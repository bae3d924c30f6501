import { InProcessJobRunner, type JobRunner } from './jobs/job-runner';
import { BullJobRunner } from './jobs/bullmq-job-runner';
import { InProcessEventBus, type LiveEventBus } from './events/live-event-bus';
import { RedisEventBus } from './events/redis-event-bus';
import { InProcessLiveChannels, type LiveChannels } from './events/live-channels';
import { RedisLiveChannels } from './events/redis-live-channels';
import {
  type CacheInvalidation,
  InProcessCacheInvalidation,
  RedisCacheInvalidation,
} from './cluster/cache-invalidation';
import { connectRedis } from './cluster/redis';

/**
 * What API nodes share besides the database (DESIGN §8): background jobs, live events to browsers, the
 * count of each account's live channels, and word that a cache is stale. PostgreSQL stays the one
 * truth — quotas, locks, the outbox to hosts are rows taken in the transaction of the change — and
 * Redis carries only what may be rebuilt.
 */
export interface Cluster {
  jobs: JobRunner;
  events: LiveEventBus;
  liveChannels: LiveChannels;
  caches: CacheInvalidation;
  /** Whether Redis answers (`/ready`); none in one process. */
  ping?: () => Promise<string>;
  /** Stops the jobs (runs under way finish) and lets go of Redis. */
  close(): Promise<void>;
}

/** Redis between the nodes (`REDIS_URL`); `prefix` (`REDIS_PREFIX`) keeps a deployment's keys apart. */
export interface RedisLink {
  url: string;
  prefix: string;
  /** How long a node's hold on a job run lasts unrenewed (tests shorten it; 30 s by default). */
  jobLockMs?: number;
}

/** Told of a job that failed, and of what failed with Redis (the live events, …). */
export interface ClusterErrors {
  job: (name: string, error: unknown) => void;
  redis: (what: string, error: unknown) => void;
}

/** One machine: everything in this process. */
export function inProcessCluster(errors: Pick<ClusterErrors, 'job'>): Cluster {
  const jobs = new InProcessJobRunner({ triggers: true, onError: errors.job });
  return {
    jobs,
    events: new InProcessEventBus(),
    liveChannels: new InProcessLiveChannels(),
    caches: new InProcessCacheInvalidation(),
    close: () => jobs.stop(),
  };
}

/** Several API nodes on one Redis: two connections (commands, and subscriptions) plus one per job worker. */
export function redisCluster(link: RedisLink, errors: ClusterErrors): Cluster {
  let closing = false;
  // Commands cut short by closing are no news.
  const report = (what: string) => (error: unknown) => {
    if (!closing) errors.redis(what, error);
  };
  const redis = connectRedis(link.url, `${link.prefix}:node`);
  const subscriber = connectRedis(link.url, `${link.prefix}:node-subscriber`);
  const jobs = new BullJobRunner({
    connection: redis,
    prefix: link.prefix,
    onError: errors.job,
    lockMs: link.jobLockMs,
  });
  return {
    jobs,
    events: new RedisEventBus(redis, subscriber, link.prefix, report('live events')),
    liveChannels: new RedisLiveChannels(redis, link.prefix, report('live channels')),
    caches: new RedisCacheInvalidation({
      publisher: redis,
      subscriber,
      prefix: link.prefix,
      onError: report('caches'),
    }),
    ping: () => redis.ping(),
    close: async () => {
      await jobs.stop();
      closing = true;
      await Promise.all([redis.quit(), subscriber.quit()]).catch(() => undefined);
    },
  };
}
