import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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

/** Host headers whose connect-src is kept: the names a deployment answers to, with room; the rest are computed each time. */
const KEPT_HOSTS = 64;

/**
 * The connect-src of each Host header, computed once per host-list version (DESIGN §8: hosts join and
 * leave while requests come in by the thousand). A Host header is the caller's to choose, so only so
 * many are kept.
 */
function connectSourcesOnce(
  deviceHostUrls: () => readonly string[],
  hostListVersion: () => number,
): (request: IncomingMessage) => string {
  let version: number | undefined;
  const byHost = new Map<string, string>();
  return (request) => {
    if (version !== hostListVersion()) {
      version = hostListVersion();
      byHost.clear();
    }
    const host = request.headers.host ?? '';
    const kept = byHost.get(host);
    if (kept !== undefined) return kept;
    const sources = connectSources(host, deviceHostUrls());
    if (byHost.size < KEPT_HOSTS) byHost.set(host, sources);
    return sources;
  };
}

/**
 * Security headers on every reply (`@fastify/helmet`): a content security policy fitting the customer
 * app — its own scripts and worker only, antd-mobile's inline styles, screenshots and icons as data: and
 * blob: images, merchant images over HTTPS, streams to the device hosts — no framing by other sites,
 * nosniff, and no referrer (stream URLs carry access keys).
 */
export const securityHeadersPlugin = fp<{
  deviceHostUrls: () => readonly string[];
  /** Moves when the list of hosts changes. */
  hostListVersion: () => number;
}>(async (app, options) => {
  const connectSrc = connectSourcesOnce(options.deviceHostUrls, options.hostListVersion);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly (no JS eval): the upload page hashes files incrementally before sending them.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [connectSrc],
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
  });
});
