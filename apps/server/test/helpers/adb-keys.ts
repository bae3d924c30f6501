import { generateKeyPairSync } from 'node:crypto';

const WORDS = 64;

/** A little-endian byte string of `value`, `bytes` long. */
function littleEndian(value: bigint, bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return out;
}

/**
 * A new 2048-bit key as `adb keygen` writes `adbkey.pub`: Android's RSA public-key structure (modulus
 * size in words, n0inv, modulus, R², exponent — all little-endian) in base64, then a space and a name.
 */
export function newAdbPublicKey(name = 'tester@cloudphone'): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
  const jwk = publicKey.export({ format: 'jwk' });
  const n = BigInt(`0x${Buffer.from(jwk.n!, 'base64url').toString('hex')}`);
  const word = 1n << 32n;
  // n0inv = -1 / n mod 2^32
  let inverse = 1n;
  for (let i = 0; i < 5; i++) inverse = (inverse * ((2n + word - (((n % word) * inverse) % word)) % word)) % word;
  const n0inv = (word - inverse) % word;
  const rr = (1n << BigInt(2 * 32 * WORDS)) % n;
  const header = Buffer.alloc(8);
  header.writeUInt32LE(WORDS, 0);
  header.writeUInt32LE(Number(n0inv), 4);
  const exponent = Buffer.alloc(4);
  exponent.writeUInt32LE(65537, 0);
  const body = Buffer.concat([header, littleEndian(n, WORDS * 4), littleEndian(rr, WORDS * 4), exponent]);
  return `${body.toString('base64')} ${name}`;
}
