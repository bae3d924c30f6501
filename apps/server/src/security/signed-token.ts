import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Verified tokens kept: the access tokens of the clients signed in at once, with room. */
const KEPT_TOKENS = 10_000;

/**
 * Compact signed tokens: `base64url(json payload).base64url(HMAC-SHA256)`. Used for access tokens and
 * for short-lived tickets between two steps of a flow; `kind` keeps one from passing for the other.
 */
export class TokenSigner {
  /**
   * Tokens whose signature held, with their payload (frozen): a client presents the same access
   * token on every call, and checking its HMAC again cost more than the rest of signing it in
   * (issue 34). Nothing to forget: a signature that held once always holds; kind and expiry are
   * checked each time.
   */
  private readonly verified = new Map<string, Readonly<{ exp: number; k: string }>>();

  constructor(private readonly key: string) {}

  sign<T extends object>(kind: string, payload: T & { exp: number }): string {
    const body = Buffer.from(JSON.stringify({ ...payload, k: kind })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload when the signature holds, the kind matches and `exp` is after `now`; else undefined. */
  verify<T extends object>(kind: string, token: string, now: number): Readonly<T & { exp: number }> | undefined {
    const payload = this.verified.get(token) ?? this.check(token);
    if (!payload || payload.k !== kind || typeof payload.exp !== 'number' || payload.exp <= now) return undefined;
    return payload as unknown as Readonly<T & { exp: number }>;
  }

  private check(token: string): Readonly<{ exp: number; k: string }> | undefined {
    const [body, mac] = token.split('.');
    if (!body || !mac) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    } catch {
      return undefined;
    }
    if (typeof payload !== 'object' || payload === null) return undefined;
    const kept = Object.freeze(payload as { exp: number; k: string });
    if (this.verified.size >= KEPT_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, kept);
    return kept;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** What is stored of a secret the server hands out (refresh tokens, codes): never the secret itself. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
