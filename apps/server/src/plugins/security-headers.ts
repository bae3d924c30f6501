import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** A Host header that is only a host name or address and port, so it can go into a policy as it is. */
const PLAIN_HOST = /^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i;

/**
 * Where the app's scripts may connect: this server, its own WebSocket streams, and each separate device
 * host the phones stream from and the SDK calls go to (DESIGN §4: clients reach hosts directly).
 */
function connectSources(host: string, hostUrls: readonly string[]): string {
  const sources = new Set<string>(["'self'"]);
  if (PLAIN_HOST.test(host)) for (const scheme of ['ws', 'wss']) sources.add(`${scheme}://${host}`);
  for (const url of hostUrls) {
    try {
      const { origin } = new URL(url);
      sources.add(origin).add(origin.replace(/^http/, 'ws'));
    } catch {
      // A host with an unusable URL serves no client: nothing to allow.
    }
  }
  return [...sources].join(' ');
}

/**
 * The customer app's policy: its own scripts and worker only, antd-mobile's inline styles, screenshots
 * and icons as data: and blob: images, merchant images over HTTPS, streams to the device hosts — no
 * framing by other sites, nosniff, and no referrer (stream URLs carry access keys).
 */
function policy(deviceHostUrls: () => readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly (no JS eval): the upload page hashes files incrementally before sending them.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [(request) => connectSources(request.headers.host ?? '', deviceHostUrls())],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Self-hosted on a merchant's domain: HTTPS is remembered for this host only, not its siblings.
    strictTransportSecurity: { maxAge: 180 * 86_400, includeSubDomains: false },
    referrerPolicy: { policy: 'no-referrer' },
  };
}

/** Host headers whose headers are kept: the names a deployment answers to, with room; the rest are computed each time. */
const KEPT_HOSTS = 64;

/**
 * The headers helmet sets for a request with this Host header, as it writes them on a response. Only
 * the connect-src of the policy depends on the request (its Host and the hosts' URLs).
 */
function helmetHeaders(setHeaders: ReturnType<typeof helmet>, host: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  setHeaders({ headers: { host } } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every reply, computed once per Host header and host-list version (issue 34:
 * `@fastify/helmet` built helmet anew for each request, 6 % of a phone list's time; DESIGN §8: hosts
 * join and leave while requests come in by the thousand). A Host header is the caller's to choose, so
 * only so many are kept.
 */
export const securityHeadersPlugin = fp<{
  deviceHostUrls: () => readonly string[];
  /** Moves when the list of hosts changes. */
  hostListVersion: () => number;
}>(async (app, options) => {
  const setHeaders = helmet(policy(options.deviceHostUrls));
  let version: number | undefined;
  const byHost = new Map<string, Record<string, string>>();
  app.addHook('onRequest', (request, reply, done) => {
    if (version !== options.hostListVersion()) {
      version = options.hostListVersion();
      byHost.clear();
    }
    const host = request.headers.host ?? '';
    let headers = byHost.get(host);
    if (!headers) {
      headers = helmetHeaders(setHeaders, host);
      if (byHost.size < KEPT_HOSTS) byHost.set(host, headers);
    }
    reply.headers(headers);
    done();
  });
});
