import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AccessClaims } from './sdk';
import { sdkCanonicalString } from './sdk';

/**
 * Node-only (server and device host): making and checking phone access keys with the key they
 * share (DESIGN §4). Browsers never import this file.
 */
const mac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('base64url');

export function signAccessKey(hostKey: string, claims: AccessClaims): { accessKey: string; secretKey: string } {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const accessKey = `${body}.${mac(hostKey, body)}`;
  return { accessKey, secretKey: deriveSecretKey(hostKey, accessKey) };
}

/** The secret an SDK client signs with: derived from the access key, so the host needs no lookup. */
export function deriveSecretKey(hostKey: string, accessKey: string): string {
  return createHmac('sha256', hostKey).update(`secret:${accessKey}`).digest('hex');
}

/** The claims of a genuine access key (expiry not checked here), or undefined. */
export function readAccessKey(hostKey: string, accessKey: string): AccessClaims | undefined {
  const [body, signature] = accessKey.split('.');
  if (!body || !signature) return undefined;
  const expected = Buffer.from(mac(hostKey, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as AccessClaims;
  } catch {
    return undefined;
  }
}

export function sha256Hex(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

/** x-signature of an SDK request: hex HMAC-SHA256(secretKey, method \n path \n requestTime \n sha256(body)). */
export function signSdkRequest(
  secretKey: string,
  method: string,
  path: string,
  requestTime: string,
  body: string | Buffer,
): string {
  return signRequestWithBodyHash(secretKey, method, path, requestTime, sha256Hex(body));
}

/** The same signature from the body's hash: checked before a large body is read, or made without holding it. */
export function signRequestWithBodyHash(
  secretKey: string,
  method: string,
  path: string,
  requestTime: string,
  bodySha256Hex: string,
): string {
  return createHmac('sha256', secretKey)
    .update(sdkCanonicalString(method, path, requestTime, bodySha256Hex))
    .digest('hex');
}

export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A signed line of a host's event stream (DESIGN §10): the event's JSON and its HMAC with the host
 * key, so the server believes only events its own hosts sent.
 */
export function signHostEvent(hostKey: string, json: string): string {
  return createHmac('sha256', hostKey).update(`host-event\n${json}`).digest('hex');
}

/**
 * The key a main's host signs the input it forwards to another host of its sync session with (issue
 * 32): derived from that host's own key and the session, so the server can hand it out without the
 * host's key, and it drives only that session's phones there.
 */
export function syncForwardKey(hostKey: string, syncId: string): string {
  return createHmac('sha256', hostKey).update(`sync\n${syncId}`).digest('hex');
}

/**
 * A signed URL for a host to fetch a blob by its hash until `expires` (DESIGN §10: hosts fetch blobs
 * by hash from the store through the server).
 */
export function signBlobUrl(hostKey: string, sha256: string, expires: number): string {
  return createHmac('sha256', hostKey).update(`blob\n${sha256}\n${expires}`).digest('hex');
}

/**
 * The headers of a call signed with the host key (server → host API, host → server): the time, the
 * body's sha256 and the signature over method, path, time and that hash.
 */
export function hostCallHeaders(
  hostKey: string,
  method: string,
  path: string,
  body: string,
  now: number,
): Record<'x-host-time' | 'x-host-body-sha256' | 'x-host-signature', string> {
  const time = String(now);
  const bodySha256 = sha256Hex(body);
  return {
    'x-host-time': time,
    'x-host-body-sha256': bodySha256,
    'x-host-signature': signRequestWithBodyHash(hostKey, method, path, time, bodySha256),
  };
}

/**
 * Whether a call carries a genuine, fresh host-key signature over its method, path and body (the
 * headers `hostCallHeaders` makes). `maxSkewMs` refuses a stale or early time.
 */
export function hostCallGenuine(
  hostKey: string,
  call: { method: string; path: string; body: string; headers: Record<string, string | string[] | undefined> },
  now: number,
  maxSkewMs: number,
): boolean {
  const time = String(call.headers['x-host-time'] ?? '');
  if (!/^\d+$/.test(time) || Math.abs(now - Number(time)) > maxSkewMs) return false;
  const expected = signRequestWithBodyHash(hostKey, call.method, call.path, time, sha256Hex(call.body));
  return sameSignature(expected, String(call.headers['x-host-signature'] ?? ''));
}
