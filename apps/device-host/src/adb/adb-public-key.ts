import { constants, createPublicKey, publicDecrypt, timingSafeEqual, type KeyObject } from 'node:crypto';
import { parseAdbPublicKey } from '@cloudphone/contracts/adb';

/** The DER prefix of a SHA-1 DigestInfo: what PKCS#1 v1.5 wraps a SHA-1 digest in before signing. */
const SHA1_DIGEST_INFO = Buffer.from('3021300906052b0e03021a05000414', 'hex');

/** A key of an endpoint's list, ready to check signatures with. */
export interface AdbKey {
  /** The line's base64: which key of the list a connection signed in with. */
  base64: string;
  publicKey: KeyObject;
}

/** The key of an `adbkey.pub` line, or undefined when the line is not one (the server refuses such keys first). */
export function adbKeyFrom(line: string): AdbKey | undefined {
  const parsed = parseAdbPublicKey(line);
  if (!parsed.ok) return undefined;
  const { modulus, exponent, base64 } = parsed.key;
  const e = Buffer.alloc(4);
  e.writeUInt32BE(exponent);
  const publicKey = createPublicKey({
    key: {
      kty: 'RSA',
      n: Buffer.from(modulus).toString('base64url'),
      e: e.subarray(e.findIndex((b) => b !== 0)).toString('base64url'),
    },
    format: 'jwk',
  });
  return { base64, publicKey };
}

/**
 * Whether `signature` is the key's signature of `token`. The adb client signs the 20-byte token with
 * RSA PKCS#1 v1.5 as if it were a SHA-1 digest (RSA_sign(NID_sha1, token)), so opening the signature
 * with the public key must give the SHA-1 DigestInfo prefix followed by the token itself.
 */
export function signedBy(key: AdbKey, token: Buffer, signature: Buffer): boolean {
  let opened: Buffer;
  try {
    opened = publicDecrypt({ key: key.publicKey, padding: constants.RSA_PKCS1_PADDING }, signature);
  } catch {
    return false;
  }
  const expected = Buffer.concat([SHA1_DIGEST_INFO, token]);
  return opened.length === expected.length && timingSafeEqual(opened, expected);
}
