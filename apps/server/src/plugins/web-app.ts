import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InlinedClient } from '@cloudphone/contracts/inlined-client';
import type { Language } from '@cloudphone/contracts/locale';
import { firstPageWriter, type FirstPage } from './first-page';

/** Built files whose names carry a content hash: the same URL never changes, so browsers keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The index, the service worker, the manifest and icons keep their URL: revalidated on every load. */
const REVALIDATE = 'no-cache';

/** A page of the app, revalidated on every load, compressed as the browser accepts (made per request: it carries client data). */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: string) {
  reply.header('cache-control', REVALIDATE).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return page;
  reply.header('content-encoding', encoding);
  return encoding === 'br' ? brotliCompressSync(page, BROTLI_FAST) : gzipSync(page);
}

/** Pages and files of the customer app: routine traffic, logged at debug level (issue 10 §7). */
export function isWebAppUrl(url: string): boolean {
  return (
    url === '/' ||
    url === '/app' ||
    url.startsWith('/app/') ||
    url.startsWith('/app?') ||
    url.startsWith('/desktop') ||
    url.startsWith('/console')
  );
}

/**
 * Serves the built customer app under /app/ with a history fallback to its index, and the service
 * worker at /sw.js (scope /app/). Each text file was compressed at build (brotli and gzip beside
 * it): the one the browser accepts is sent. Hashed assets are cached for a year; the index, the
 * worker and the manifest are revalidated on every load so an update reaches users at once.
 */
export const webAppPlugin = fp<{
  dist: string | undefined;
  /** The public data of a client number, written into the page (issue 28); null when there is no such client. */
  inlineClient?: (clientNo: string, language: Language) => Promise<InlinedClient | null>;
}>(async (app, { dist, inlineClient }) => {
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
    globIgnore: ['**/*.br', '**/*.gz', 'desktop/**', 'console/**', 'prerender/**'],
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
  const index = indexPage(inlineStylesheets(readFileSync(join(dist, 'index.html'), 'utf8'), dist));
  const firstPage = await firstPageWriter(dist);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (/\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
    // A page's client number is the last segment of its path (spec §2): the page paints with its data.
    const clientNo = decodeURIComponent(path.split('/').filter(Boolean).at(-1) ?? '').toLowerCase();
    const client = clientNo && clientNo !== 'app' ? await inlineClient?.(clientNo, request.language) : null;
    return sendPage(request, reply, index(firstPage(path, request.language, client ?? null)));
  };
  app.get('/app', sendIndex);
  app.get('/app/*', sendIndex);

  // The desktop client's UI (issue 30) and the console (issue 62): builds of their own beside the app's.
  for (const shell of ['desktop', 'console'] as const) await serveShell(app, dist, shell);
});

/**
 * A shell built apart (dist/{name}, from {name}.html), served at /{name}/ — outside the service
 * worker's /app/ scope — with the same caching and compression as the phone app; any path without a
 * file extension is its page.
 */
async function serveShell(app: FastifyInstance, dist: string, name: 'desktop' | 'console') {
  const root = join(dist, name);
  if (!existsSync(join(root, `${name}.html`))) return;
  await app.register(fastifyStatic, {
    root,
    prefix: `/${name}/`,
    index: false,
    wildcard: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', `${name}.html`],
    cacheControl: false,
    decorateReply: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', path.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const page = readFileSync(join(root, `${name}.html`), 'utf8');
  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) return reply.callNotFound();
    return sendPage(request, reply, page);
  };
  app.get(`/${name}`, send);
  app.get(`/${name}/*`, send);
}

/** A page is a few kilobytes, compressed anew for each request (its client's data may have changed). */
const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = String(header ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/**
 * The index's own stylesheets written into it: a phone paints the first picture (the splash, or a
 * prerendered login) from the HTML alone, not one more file later (issue 28) — before the page's
 * scripts arrive, which Lighthouse's simulated first paint otherwise counts too. ≈ 2.4 KB gzipped
 * in each page, read once at start-up.
 */
function inlineStylesheets(index: string, dist: string): string {
  return index.replace(
    /<link rel="stylesheet"[^>]*? href="\/app\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const path = join(dist, file);
      return existsSync(path) ? `<style>${readFileSync(path, 'utf8')}</style>` : tag;
    },
  );
}

/**
 * The built index as a template: the first page's parts go onto `<html>`, at the end of `<head>` and
 * inside the root element, in place of its placeholder (an element of its own, so the root's first
 * closing tag ends it).
 */
function indexPage(index: string): (first: FirstPage) => string {
  const ROOT = '<div id="root">';
  const start = index.indexOf(ROOT) + ROOT.length;
  const end = start >= ROOT.length ? index.indexOf('</div>', start) : -1;
  return ({ html, head, root }) => {
    const page = root !== null && end >= 0 ? index.slice(0, start) + root + index.slice(end) : index;
    return page
      .replace(/<html[^>]*>/, (tag) => (html ? `<html${html}>` : tag))
      .replace('</head>', () => `${head}</head>`); // a function: `$&` in client data is text
  };
}
