import { constants, generateKeyPairSync, privateEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAdbPublicKey, sameAdbKey } from '@cloudphone/contracts/adb';
import { adbKeyFrom, signedBy } from '../src/adb/adb-public-key';

/** An `adbkey.pub` line as adb writes it: Android's RSA structure in base64, then the name. */
function adbKeyLine(publicKey: KeyObject, name = 'dev@laptop', tamper?: (struct: Buffer) => void): string {
  const jwk = publicKey.export({ format: 'jwk' });
  const modulus = Buffer.from(jwk.n!, 'base64url');
  const n = BigInt(`0x${modulus.toString('hex')}`);
  const n0 = n & 0xffffffffn;
  // n0inv = −1/n0 mod 2³², by Newton's iteration on the inverse.
  let inverse = 1n;
  for (let i = 0; i < 5; i++) inverse = (inverse * (2n - n0 * inverse)) & 0xffffffffn;
  const n0inv = (0x100000000n - inverse) & 0xffffffffn;
  const rr = (1n << 4096n) % n;
  const struct = Buffer.alloc(524);
  struct.writeUInt32LE(64, 0);
  struct.writeUInt32LE(Number(n0inv), 4);
  Buffer.from(modulus).reverse().copy(struct, 8);
  Buffer.from(rr.toString(16).padStart(512, '0'), 'hex').reverse().copy(struct, 264);
  struct.writeUInt32LE(Number(BigInt(`0x${Buffer.from(jwk.e!, 'base64url').toString('hex')}`)), 520);
  tamper?.(struct);
  return `${struct.toString('base64')} ${name}`;
}

/** What the adb client sends: the token signed as a SHA-1 digest with PKCS#1 v1.5. */
function sign(privateKey: KeyObject, token: Buffer): Buffer {
  const digestInfo = Buffer.from('3021300906052b0e03021a05000414', 'hex');
  return privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([digestInfo, token]));
}

const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });

describe('adbkey.pub lines (the server refuses a malformed key before it is stored)', () => {
  it("reads a key's structure and its name", () => {
    const parsed = parseAdbPublicKey(`${adbKeyLine(pair.publicKey)}\n`);
    expect(parsed).toMatchObject({ ok: true, key: { name: 'dev@laptop', exponent: 65537 } });
  });

  it('says what is wrong with a key that is not one', () => {
    const line = adbKeyLine(pair.publicKey);
    expect(parseAdbPublicKey('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseAdbPublicKey('-----BEGIN PRIVATE KEY-----')).toEqual({ ok: false, problem: 'notBase64' });
    expect(parseAdbPublicKey(randomBytes(300).toString('base64'))).toEqual({ ok: false, problem: 'wrongSize' });
    const wrongWords = adbKeyLine(pair.publicKey, 'x', (s) => s.writeUInt32LE(32, 0));
    expect(parseAdbPublicKey(wrongWords)).toEqual({ ok: false, problem: 'wrongModulusSize' });
    const damaged = adbKeyLine(pair.publicKey, 'x', (s) => (s[100] = s[100]! ^ 1));
    expect(parseAdbPublicKey(damaged)).toEqual({ ok: false, problem: 'inconsistent' });
    expect(parseAdbPublicKey(line.padEnd(1_200, 'x'))).toEqual({ ok: false, problem: 'tooLong' });
  });

  it('knows one key under two names', () => {
    expect(sameAdbKey(adbKeyLine(pair.publicKey, 'a@b'), adbKeyLine(pair.publicKey, 'c@d'))).toBe(true);
    expect(sameAdbKey(adbKeyLine(pair.publicKey), adbKeyLine(other.publicKey))).toBe(false);
  });
});

describe('AUTH signatures', () => {
  it("takes the token signed with the key's private half, and nothing else", () => {
    const key = adbKeyFrom(adbKeyLine(pair.publicKey))!;
    const token = randomBytes(20);
    expect(signedBy(key, token, sign(pair.privateKey, token))).toBe(true);
    expect(signedBy(key, randomBytes(20), sign(pair.privateKey, token))).toBe(false);
    expect(signedBy(key, token, sign(other.privateKey, token))).toBe(false);
    expect(signedBy(key, token, randomBytes(256))).toBe(false);
  });
});
