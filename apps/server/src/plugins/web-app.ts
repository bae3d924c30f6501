import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Built files whose names carry a content hash: the same URL never changes, so browsers keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The index, the service worker, the manifest and icons keep their URL: revalidated on every load. */
const REVALIDATE = 'no-cache';

/** Pages and files of the customer app: routine traffic, logged at debug level (issue 10 §7). */
export function isWebAppUrl(url: string): boolean {
  return url === '/' || url === '/app' || url.startsWith('/app/') || url.startsWith('/app?');
}

/**
 * Serves the built customer app under /app/ with a history fallback to its index, and the service
 * worker at /sw.js (scope /app/). Each text file was compressed at build (brotli and gzip beside
 * it): the one the browser accepts is sent. Hashed assets are cached for a year; the index, the
 * worker and the manifest are revalidated on every load so an update reaches users at once.
 */
export const webAppPlugin = fp<{ dist: string | undefined }>(async (app, { dist }) => {
  app.get('/', async (_request, reply) => reply.redirect('/app/'));
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built: /app/ is not served (npm run build -w @cloudphone/web)');
    return;
  }
  const assets = join(dist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/app/',
    index: false,
    // Files are listed once at start-up: the build is finished before the server starts.
    wildcard: false,
    // x.js.br and x.js.gz answer for x.js, never under their own URL.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // The policy below decides; the default (public, max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'accept-encoding');
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
    return reply.sendFile('index.html');
  };
  app.get('/app', sendIndex);
  app.get('/app/*', sendIndex);
});
