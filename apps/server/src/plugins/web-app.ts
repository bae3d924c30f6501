import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built customer app under /app/ with a history fallback to its index, and the service
 * worker at /sw.js (scope /app/). Files with a content hash are cached for a year; the index,
 * the worker and the manifest are revalidated on every load so an update reaches users at once.
 */
export const webAppPlugin = fp<{ dist: string | undefined }>(async (app, { dist }) => {
  app.get('/', async (_request, reply) => reply.redirect('/app/'));
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built: /app/ is not served (npm run build -w @cloudphone/web)');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/app/',
    index: false,
    // Files are listed once at start-up: the build is finished before the server starts.
    wildcard: false,
    setHeaders(res, path) {
      const immutable = path.startsWith(join(dist, 'assets'));
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // The service worker lives at the site root, /sw.js, and is registered with scope /app/ (spec §2).
  app.get('/sw.js', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('sw.js', { cacheControl: false });
  });

  // Any other page of the app (no file extension): the single-page app decides what it shows.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/app', sendIndex);
  app.get('/app/*', sendIndex);
});
