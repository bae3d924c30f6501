import type { LiveEventBus } from '../events/live-event-bus';
import { InProcessEventBus } from '../events/live-event-bus';
import type { JobRunner } from '../jobs/job-runner';
import type { BlobStore } from '../providers/blob-store/blob-store';
import type { SmsProvider } from '../providers/sms/sms-provider';
import type { Repositories } from '../repositories/index';
import type { Keys } from '../security/keys';
import { DatabaseThrottle } from '../security/throttle';
import { createAccounts } from './accounts/index';
import { type CacheInvalidation, InProcessCacheInvalidation } from '../cluster/cache-invalidation';
import type { Clock } from './clock';
import { createCommerce } from './commerce/index';
import { createConsole } from './console/index';
import { createContent } from './content/index';
import { createFiles } from './files/index';
import { createHosts } from './hosts/index';
import { createPhoneAccess } from './phones/access/index';
import { PhonePolicyCache } from './phones/access/phone-policy-cache';
import { createPhoneOperations } from './phones/operations/index';
import { createPhoneTasks } from './phones/tasks/index';
import type { ServiceContext } from './service-context';
import { createTenancy } from './tenancy/index';

export interface ServiceDeps {
  repos: Repositories;
  keys: Keys;
  sms: SmsProvider;
  clock: Clock;
  /** Where durable background work runs (jobs/): services trigger it, the server runs it. */
  jobs: JobRunner;
  /** In production simulated pay is offered only where a tenant turns it on (`pay.simulated` = on). */
  production?: boolean;
  /** Where uploaded files live (issue 14). */
  blobs: BlobStore;
  /** Live events to browsers (DESIGN §10); in this process when absent. */
  events?: LiveEventBus;
  /** Word between API nodes that a cache is stale (DESIGN §8); in this process when absent. */
  caches?: CacheInvalidation;
  /** This server's address as the wallets reach it, for their notices (`SERVER_URL`). */
  serverUrl?: string;
}

/**
 * Every service of the server, domain by domain (DESIGN §4): each domain's folder has a factory that
 * builds its services from the context and the services of the domains it stands on, in this order.
 */
export function createServices({
  repos,
  keys,
  sms,
  clock,
  jobs,
  production = false,
  blobs,
  events = new InProcessEventBus(),
  caches = new InProcessCacheInvalidation(),
  serverUrl,
}: ServiceDeps) {
  const context: ServiceContext = {
    repos,
    clock,
    events,
    caches,
    jobs,
    blobs,
    throttle: new DatabaseThrottle(repos.throttleCounters, clock),
  };
  // What lists show of each phone's grants and locks: forgotten by what is delivered to hosts.
  const keptPolicy = new PhonePolicyCache(repos, caches, clock);
  const hosts = createHosts(context, { hostKey: keys.hostKey, serverUrl, keptPolicy });
  const tenancy = createTenancy(context, hosts);
  const content = createContent(context);
  const access = createPhoneAccess(context, { ...hosts, ...tenancy, ...content, keptPolicy });
  const tasks = createPhoneTasks(context, { ...hosts, ...tenancy, ...content, ...access });
  const operations = createPhoneOperations(context, { ...hosts, ...tenancy, ...content, ...access, ...tasks });
  const files = createFiles(context, { ...hosts, ...tenancy, ...content, ...access, ...tasks });
  const commerce = createCommerce(context, {
    ...hosts,
    ...tenancy,
    ...content,
    ...access,
    ...operations,
    keys,
    production,
    serverUrl,
  });
  const accounts = createAccounts(context, { ...access, keys, sms });
  const staff = createConsole(context, {
    ...hosts,
    ...tenancy,
    ...content,
    ...files,
    ...commerce,
    ...operations,
    ...access,
    ...accounts,
    keys,
  });
  return {
    clock,
    events,
    ...hosts,
    ...tenancy,
    ...content,
    ...access,
    ...tasks,
    ...operations,
    ...files,
    ...commerce,
    ...accounts,
    ...staff,
  };
}

export type Services = ReturnType<typeof createServices>;
