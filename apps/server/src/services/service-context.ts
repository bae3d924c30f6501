import type { LiveEventBus } from '../events/live-event-bus';
import type { JobRunner } from '../jobs/job-runner';
import type { BlobStore } from '../providers/blob-store/blob-store';
import type { Repositories } from '../repositories/index';
import type { DatabaseThrottle } from '../security/throttle';
import type { CacheInvalidation } from '../cluster/cache-invalidation';
import type { Clock } from './clock';

/**
 * What every domain's factory is given: the database, time, and what the API nodes share (DESIGN §8).
 * A service takes from it only what it uses (its repositories by name: `RepositoriesOf`).
 */
export interface ServiceContext {
  repos: Repositories;
  clock: Clock;
  /** Live events to browsers (DESIGN §10). */
  events: LiveEventBus;
  /** Word between API nodes that a cache is stale (DESIGN §8). */
  caches: CacheInvalidation;
  /** Where durable background work runs (jobs/): services trigger it, the server runs it. */
  jobs: JobRunner;
  /** Where uploaded files live (issue 14). */
  blobs: BlobStore;
  /** Counts tries per subject in the database (sign-ins, codes, uploads). */
  throttle: DatabaseThrottle;
}
