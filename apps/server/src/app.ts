import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppDatabase } from './db/database';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { controlPlaneOperations } from './plugins/operations';
import { merchantPlugin } from './plugins/merchant';
import { operatorAuthPlugin } from './plugins/operator-auth';
import { securityHeadersPlugin } from './plugins/security-headers';
import { servicesPlugin } from './plugins/services';
import { tenancyPlugin } from './plugins/tenancy';
import { isWebAppUrl, webAppPlugin } from './plugins/web-app';
import { answerIn } from './http/caller-language';
import { xsrfPlugin } from './plugins/xsrf';
import { ConsoleSmsProvider, isOutbox } from './providers/sms/console.provider';
import type { SmsProvider } from './providers/sms/sms-provider';
import { registerRoutes } from './routes/index';
import { randomKeys, type Keys } from './security/keys';
import { systemClock, type Clock } from './services/clock';
import { type DeviceHost, deviceHostPlugin } from '@cloudphone/device-host';
import { metricsAccessFrom, type MetricsAccess } from '@cloudphone/serving/metrics-access';
import { operationsPlugin } from '@cloudphone/serving/operations';
import { createPort } from '@cloudphone/serving/port';
import type { RequestLogOptions } from '@cloudphone/serving/request-log';
import { HostApiClient } from './providers/device-hosts/host-api-client';
import { inProcessControlPlane } from './providers/device-hosts/embedded-transport';
import type { JobRunner } from './jobs/job-runner';
import { defineJobs } from './jobs/index';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { BlobStore } from './providers/blob-store/blob-store';
import { FolderBlobStore } from './providers/blob-store/folder-blob-store';
import type { LiveEventBus } from './events/live-event-bus';
import type { LiveChannels } from './events/live-channels';
import { inProcessCluster, redisCluster, type RedisLink } from './cluster';

export interface AppOptions {
  db: AppDatabase;
  /** Generated and kept in the data folder by main.ts; random when absent (tests). */
  keys?: Keys;
  /** The console provider (outbox in memory) when absent. */
  sms?: SmsProvider;
  clock?: Clock;
  production?: boolean;
  /** A device host to run inside this process (`npm start`): its stream and SDK are served here too. */
  deviceHost?: DeviceHost;
  /** The built web app to serve under /app/; none in route tests. */
  webDist?: string;
  logLevel?: string;
  /** Where background jobs run; in this process by default, with schedules started by main.ts. */
  jobs?: JobRunner;
  /**
   * Addresses (or CIDR ranges) of the reverse proxies in front of the server: only their
   * X-Forwarded-For / -Proto are believed, so a client cannot pick the address it is throttled by.
   */
  trustedProxies?: string[];
  /** `DEV_OUTBOX=true`: the SMS outbox answers any peer, not only a loopback one (still never in production). */
  devOutbox?: boolean;
  /** Where uploaded files live; a fresh temporary folder when absent (tests). */
  blobs?: BlobStore;
  /** Live events to browsers; the cluster's when absent (in this process, or Redis with `redis`). */
  events?: LiveEventBus;
  /**
   * Redis between several API nodes (`REDIS_URL`, DESIGN §8): jobs on BullMQ, live events, the count of
   * each account's live channels and word of stale caches go through it. In this process when absent.
   */
  redis?: RedisLink;
  /** This server's address as the wallets reach it, for their notices (`SERVER_URL`). */
  serverUrl?: string;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: RequestLogOptions['stream'];
  /** Who may read /metrics (`METRICS_NETWORKS`, `METRICS_TOKEN`); this machine only when absent. */
  metrics?: MetricsAccess;
}

/**
 * Builds the control-plane app: infrastructure plugins first, then the app's own (repositories,
 * services, tenancy, auth), then the routes — the order every plugin relies on.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // The port the device host mounts on, as a standalone host's: body limits and refusals that read no
  // body; the web app's files logged at debug level, access keys cut from stream and SDK URLs (issue 10 §7).
  const app = createPort({
    level: options.logLevel,
    routine: isWebAppUrl,
    stream: options.logStream,
    trustedProxies: options.trustedProxies,
  });
  const clock = options.clock ?? systemClock;
  const sms =
    options.sms ??
    new ConsoleSmsProvider(
      (line) => app.log.warn(line),
      () => clock.now(),
    );

  // Calls with an empty body (spec §7: can-change-mobile, security-token) may still say JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });
  // /health, /ready and /metrics first, so every request is counted.
  await app.register(operationsPlugin, { access: options.metrics ?? metricsAccessFrom({}) });
  // Cookies are read where they are used (the XSRF check), not parsed for every request (issue 34).
  await app.register(fastifyCookie, { hook: false });
  await app.register(securityHeadersPlugin, {
    deviceHostUrls: () => app.services.deviceHosts.publicUrls(),
    hostListVersion: () => app.services.deviceHosts.listVersion,
  });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(xsrfPlugin);
  const errors = {
    job: (job: string, err: unknown) => app.log.error({ err, job }, 'job failed'),
    redis: (what: string, err: unknown) => app.log.error({ err }, `${what}: Redis failed`),
  };
  const cluster = options.redis ? redisCluster(options.redis, errors) : inProcessCluster(errors);
  const jobs = options.jobs ?? cluster.jobs;
  app.decorate('jobs', jobs);
  app.decorate('liveChannels', cluster.liveChannels);
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => cluster.close());
  await app.register(dbPlugin, { db: options.db });
  const blobs = options.blobs ?? new FolderBlobStore(scratchFolder());
  app.decorate('blobs', blobs);
  const keys = options.keys ?? randomKeys();
  await app.register(servicesPlugin, {
    blobs,
    events: options.events ?? cluster.events,
    caches: cluster.caches,
    keys,
    sms,
    clock,
    jobs,
    production: options.production ?? false,
    serverUrl: options.serverUrl,
  });
  defineJobs(jobs, app.services);
  await app.register(controlPlaneOperations, { redis: cluster.ping });
  app.addHook('onClose', async () => app.services.deviceHosts.close());
  await app.register(tenancyPlugin);
  await app.register(authPlugin);
  await app.register(merchantPlugin);
  await app.register(operatorAuthPlugin);
  // The SMS outbox is for tests and demos only: never with a real provider or in production (DESIGN §3).
  await registerRoutes(app, {
    smsOutbox: !options.production && isOutbox(sms) ? sms : undefined,
    anyPeerOutbox: options.devOutbox ?? false,
    clock,
  });
  if (options.deviceHost) {
    // Driven in-process: its host API stays off the public port (DESIGN §4).
    await app.register(deviceHostPlugin, { host: options.deviceHost, hostApi: false });
    // The host in this process fetches pushed files straight from the blob store, and asks this
    // server's services to decide SDK power calls.
    options.deviceHost.controlPlane = inProcessControlPlane({
      power: (request) => app.services.phoneControl.powerFromHost(request),
      lock: (request) => app.services.accessKeys.lockFromHost(request, null),
    });
    await app.services.deviceHosts.attach(HostApiClient.embedded(options.deviceHost, (sha256) => blobs.read(sha256)));
  }
  await app.register(webAppPlugin, {
    dist: options.webDist,
    inlineClient: (clientNo, language) => answerIn(language, () => app.services.clients.inlined(clientNo)),
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs (jobs/): `app.jobs.start()` begins their schedules. */
    jobs: JobRunner;
    /** Where uploaded files live (issue 14). */
    blobs: BlobStore;
    /** The live channels each account holds open, across API nodes (routes/events.ts). */
    liveChannels: LiveChannels;
  }
}

/** Temporary file folders of apps built without a blob store (tests), removed when the process ends. */
const scratchFolders: string[] = [];

/**
 * A temporary folder for an app's files. It outlives the app: tus checks its folder asynchronously
 * when made, which can still be under way when an app closed at once would remove it.
 */
function scratchFolder(): string {
  if (scratchFolders.length === 0)
    process.once('exit', () => {
      for (const folder of scratchFolders) rmSync(folder, { recursive: true, force: true });
    });
  const folder = mkdtempSync(join(tmpdir(), 'cloudphone-files-'));
  scratchFolders.push(folder);
  return folder;
}
