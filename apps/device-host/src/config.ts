import { hostname } from 'node:os';
import { resolve } from 'node:path';
import {
  DEFAULT_HOST_CAPACITY,
  hostRegistrationSchema,
  type HostRegistration,
} from '@cloudphone/contracts/host-registry';
import { metricsAccessFrom, type MetricsAccess } from '@cloudphone/serving/metrics-access';
import { diskReserveFrom } from './phones/disk-floor';

/** A standalone host's settings (`npm run device-host`), from the environment. */
export interface HostConfig {
  /** `HOST_PORT` (8090) and `HOST` (every interface): where the host listens. */
  port: number;
  listenHost: string;
  /** `HOST_DATA_DIR`: the host's store, file cache and, once it joined, its key. */
  dataDir: string;
  /** `HOST_KEY`: a fixed setup's key (the server's data folder's keys.json, with `DEVICE_HOSTS`). */
  hostKey: string | undefined;
  /** `CONTROL_PLANE_URL`: the server — where a host joins, beats and asks SDK power calls to be decided. */
  controlPlaneUrl: string | undefined;
  /** `JOIN_TOKEN`: the admin CLI's `host:token`, spent on the first start (the host keeps its key after). */
  joinToken: string | undefined;
  /** What a joining host says of itself: `HOST_PUBLIC_URL`, `HOST_API_URL`, `HOST_CAPACITY`, `HOST_REGION`, `ADB_ADDRESS`, `ADB_PORTS`. */
  registration: HostRegistration;
  /** `HOST_DISK_RESERVE`: the share of the data folder's disk no write may take (5 % by default). */
  diskReserve: number;
  /** `PHONES`: phones to create on an empty host, for a quick look. */
  phones: number;
  logLevel: string;
  /** `METRICS_NETWORKS`, `METRICS_TOKEN`: who may read /metrics. */
  metrics: MetricsAccess;
}

export function loadHostConfig(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const port = Number(env.HOST_PORT ?? 8090);
  const listenHost = env.HOST ?? '0.0.0.0';
  return {
    port,
    listenHost,
    dataDir: resolve(env.HOST_DATA_DIR ?? 'data/device-host'),
    hostKey: env.HOST_KEY || undefined,
    controlPlaneUrl: env.CONTROL_PLANE_URL?.replace(/\/$/, '') || undefined,
    joinToken: env.JOIN_TOKEN || undefined,
    registration: registrationFrom(env, port, listenHost),
    diskReserve: diskReserveFrom(env.HOST_DISK_RESERVE),
    phones: Number(env.PHONES ?? 0),
    logLevel: env.LOG_LEVEL ?? 'info',
    metrics: metricsAccessFrom(env),
  };
}

/**
 * What a joining host tells the server (issue 32): where clients reach it (by default this machine's
 * name and port), how many phones it takes, its region, and where its phones' ADB endpoints listen (by
 * default on its public address, one port a phone from 5555). A setting that does not parse stops it.
 */
function registrationFrom(env: NodeJS.ProcessEnv, port: number, listenHost: string): HostRegistration {
  const address = listenHost === '0.0.0.0' || listenHost === '::' ? hostname() : listenHost;
  const url = env.HOST_PUBLIC_URL || `http://${address}:${port}`;
  const capacity = Number(env.HOST_CAPACITY ?? DEFAULT_HOST_CAPACITY);
  const parsed = hostRegistrationSchema.safeParse({
    url,
    apiUrl: env.HOST_API_URL || undefined,
    capacity,
    region: env.HOST_REGION ?? '',
    adb: adbFrom(env, url, capacity),
  });
  if (!parsed.success)
    throw new Error(`host settings do not parse: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}

/**
 * Where a host's phones' ADB endpoints are reached (issue 35): `ADB_ADDRESS` (by default the host of
 * `url`) and the ports `ADB_PORTS` (`from-to`; by default one a phone from 5555). The server's
 * embedded host reads the same settings.
 */
export function adbFrom(env: NodeJS.ProcessEnv, url: string, capacity: number): HostRegistration['adb'] {
  const [from = NaN, to = NaN] = (env.ADB_PORTS ?? `5555-${5555 + capacity - 1}`).split('-').map(Number);
  return { address: env.ADB_ADDRESS || hostOf(url), ports: { from, to } };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
