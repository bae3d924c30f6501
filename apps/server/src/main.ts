import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { buildApp } from './app';
import { seedDemoIfEmpty } from './seed/demo';
import { createSmsProvider } from './providers/sms/index';
import { loadOrCreateKeys } from './security/keys';
import { systemClock } from './services/clock';
import { DeviceHost, phoneDriverFrom } from '@cloudphone/device-host';
import { stopOnSignals } from '@cloudphone/serving/graceful-stop';
import { HostApiClient } from './providers/device-hosts/host-api-client';
import { createBlobStore } from './providers/blob-store/index';
import { signedBlobUrl } from './providers/blob-store/signed-url';

/** `npm start`: migrate, seed the demo tenants on an empty database, serve, and stop cleanly on a signal. */
const config = loadConfig();
const db = openDatabase(config.databaseUrl);
await migrateToLatest(db);
// At warn level: the console provider's codes must stand out among the request lines (issue 10 §7).
const sms = createSmsProvider(config, (line) => app.log.warn(line), systemClock.now);
const keys = loadOrCreateKeys(config.dataDir);
// The embedded device host (DESIGN §1): phones, streams and the SDK in this one process.
const deviceHost = config.embeddedHost
  ? new DeviceHost({
      dataDir: config.dataDir,
      hostKey: keys.hostKey,
      adb: config.adb,
      adbListenHost: config.host,
      diskReserve: config.hostDiskReserve,
      driver: phoneDriverFrom(process.env, config.dataDir),
    })
  : undefined;
const app = await buildApp({
  db,
  keys,
  deviceHost,
  sms,
  production: config.production,
  serverUrl: config.serverUrl,
  webDist: config.webDist,
  logLevel: config.logLevel,
  trustedProxies: config.trustedProxies,
  devOutbox: config.devOutbox,
  metrics: config.metrics,
  blobs: await createBlobStore(config),
  redis: config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
});
// Each node's embedded host would be a host of its own under one name (docs/deploy.md).
if (config.redisUrl && config.embeddedHost)
  app.log.warn(
    'REDIS_URL with an embedded device host: run several API nodes with EMBEDDED_HOST=false and DEVICE_HOSTS',
  );
// Separate hosts fetch pushed files from this server through signed URLs (DESIGN §10).
const blobUrl = (sha256: string) => signedBlobUrl(config.serverUrl, keys.hostKey, sha256);
for (const host of config.deviceHosts)
  await app.services.deviceHosts.attach(
    HostApiClient.overHttp(host.name, host.url, keys.hostKey, host.url, blobUrl, config.serverUrl),
  );
if (config.seedDemo && (await seedDemoIfEmpty(app.services, app.repos))) app.log.info('seeded the demo tenants');

// Durable work left by a crash (phones not made, revocations not delivered) is finished now.
await app.jobs.start();

// In-flight requests finish; the database closes with the app.
stopOnSignals(app);

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}/app/demo`;
app.log.info(`Cloudphone is running: open ${url}`);
console.log(`\n  Cloudphone is running — open ${url}\n`);
