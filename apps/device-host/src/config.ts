import { resolve } from 'node:path';
import { metricsAccessFrom, type MetricsAccess } from './operations/metrics-access';

/** A standalone host's settings (`npm run device-host`), from the environment. */
export interface HostConfig {
  /** `HOST_PORT` (8090) and `HOST` (every interface): where the host listens. */
  port: number;
  listenHost: string;
  /** `HOST_DATA_DIR`: the host's store and file cache. */
  dataDir: string;
  /** `HOST_KEY`: the control plane's host key (its data folder's keys.json); none makes the host unusable. */
  hostKey: string | undefined;
  /** `CONTROL_PLANE_URL`: where the server decides SDK power calls, unless it says when it subscribes. */
  controlPlaneUrl: string | undefined;
  /** `PHONES`: phones to create on an empty host, for a quick look. */
  phones: number;
  logLevel: string;
  /** `METRICS_NETWORKS`, `METRICS_TOKEN`: who may read /metrics. */
  metrics: MetricsAccess;
}

export function loadHostConfig(env: NodeJS.ProcessEnv = process.env): HostConfig {
  return {
    port: Number(env.HOST_PORT ?? 8090),
    listenHost: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.HOST_DATA_DIR ?? 'data/device-host'),
    hostKey: env.HOST_KEY || undefined,
    controlPlaneUrl: env.CONTROL_PLANE_URL?.replace(/\/$/, '') || undefined,
    phones: Number(env.PHONES ?? 0),
    logLevel: env.LOG_LEVEL ?? 'info',
    metrics: metricsAccessFrom(env),
  };
}
