import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppDatabase } from './db/database';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { servicesPlugin } from './plugins/services';
import { tenancyPlugin } from './plugins/tenancy';
import { webAppPlugin } from './plugins/web-app';
import { xsrfPlugin } from './plugins/xsrf';
import { registerRoutes } from './routes/index';

export interface AppOptions {
  db: AppDatabase;
  /** The built web app to serve under /app/; none in route tests. */
  webDist?: string;
  logLevel?: string;
}

/**
 * Builds the control-plane app: infrastructure plugins first, then the app's own (repositories,
 * services, tenancy), then the routes — the order every plugin relies on.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel ? { level: options.logLevel } : false,
    // Our own validation answers 1001 in the envelope; keep Fastify's JSON-schema validator out of it.
    ajv: { customOptions: { coerceTypes: false } },
    bodyLimit: 1024 * 1024,
  });

  await app.register(fastifyCookie);
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(xsrfPlugin);
  await app.register(dbPlugin, { db: options.db });
  await app.register(servicesPlugin);
  await app.register(tenancyPlugin);
  await registerRoutes(app);
  await app.register(webAppPlugin, { dist: options.webDist });
  return app;
}
