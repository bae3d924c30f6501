import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  /** Where the SQLite file, generated keys and uploads live. */
  dataDir: string;
  /** A postgres:// URL, or a SQLite file path. */
  databaseUrl: string;
  /** Optional; multi-node limits, pub/sub and queues use it when set. */
  redisUrl: string | undefined;
  smsProvider: string;
  production: boolean;
  logLevel: string;
  /** The built web app served under /app/; absent in route tests. */
  webDist: string | undefined;
  /** Seed the demo tenants when the database is empty. */
  seedDemo: boolean;
}

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Configuration from the environment, with the defaults of DESIGN §6. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, 'data'));
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? join(dataDir, 'cloudphone.sqlite'),
    redisUrl: env.REDIS_URL || undefined,
    smsProvider: env.SMS_PROVIDER ?? 'console',
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST === '' ? undefined : resolve(env.WEB_DIST ?? join(repoRoot, 'apps/web/dist')),
    seedDemo: env.SEED_DEMO !== 'false',
  };
}
