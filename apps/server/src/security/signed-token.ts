import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact signed tokens: `base64url(json payload).base64url(HMAC-SHA256)`. Used for access tokens and
 * for short-lived tickets between two steps of a flow; `kind` keeps one from passing for the other.
 */
export class TokenSigner {
  constructor(private readonly key: string) {}

  sign<T extends object>(kind: string, payload: T & { exp: number }): string {
    const body = Buffer.from(JSON.stringify({ ...payload, k: kind })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload when the signature holds, the kind matches and `exp` is after `now`; else undefined. */
  verify<T extends object>(kind: string, token: string, now: number): (T & { exp: number }) | undefined {
    const [body, mac] = token.split('.');
    if (!body || !mac) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as T & { exp: number; k: string };
      if (payload.k !== kind || typeof payload.exp !== 'number' || payload.exp <= now) return undefined;
      return payload;
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** What is stored of a secret the server hands out (refresh tokens, codes): never the secret itself. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
