import type { PhoneAction } from './phone-access';

/**
 * ADB to a cloud phone (issue 35): what the server and the device host both need to know. Pure
 * TypeScript: the web reads it too.
 *
 * A user's `~/.android/adbkey.pub` is one line: Android's own RSA public-key structure in base64, a
 * space, and a name (`user@host`). The structure is little-endian 32-bit words: the modulus size in
 * words, n0inv (−1/n mod 2³², a Montgomery constant), the modulus, R² mod n (R = 2^bits), the exponent.
 * adb makes 2048-bit keys, and adbd takes nothing else.
 */
export const ADB_KEY_MODULUS_BITS = 2048;
const MODULUS_BYTES = ADB_KEY_MODULUS_BITS / 8;
const MODULUS_WORDS = MODULUS_BYTES / 4;
/** Bytes of the decoded structure: size, n0inv, modulus, R², exponent. */
export const ADB_KEY_STRUCT_BYTES = 4 + 4 + MODULUS_BYTES + MODULUS_BYTES + 4;
/** The longest key line taken: 700 characters of base64 and a name of a sensible length. */
export const ADB_PUBLIC_KEY_MAX_LENGTH = 1_000;
/** Keys an account may hold, and how long a key's name may be. */
export const ADB_KEYS_MAX = 10;
export const ADB_KEY_NAME_MAX = 40;

/** What the phone's ADB panel shows its owner to type. */
export const adbConnectLine = (where: { host: string | null; port: number | null }): string =>
  `adb connect ${where.host}:${where.port}`;

/** Why a pasted key is not an adb public key; the server turns it into its catalogue's refusal. */
export type AdbKeyProblem =
  /** Nothing, or longer than ADB_PUBLIC_KEY_MAX_LENGTH. */
  | 'empty'
  | 'tooLong'
  /** The first word is not base64 (perhaps the private key, or a file of another format). */
  | 'notBase64'
  /** Decoded, it is not the 524 bytes of a 2048-bit key's structure. */
  | 'wrongSize'
  | 'wrongModulusSize'
  /** n0inv, R² or the exponent disagree with the modulus: a damaged or hand-made key. */
  | 'inconsistent';

/** A valid adb public key. */
export interface AdbPublicKey {
  /** The key's base64, as the line has it: what identifies the key (a name is only a label). */
  base64: string;
  /** The name after the key (`user@host`), or '' when the line has none. */
  name: string;
  /** The modulus, big-endian. */
  modulus: Uint8Array;
  exponent: number;
}

export type AdbKeyParse = { ok: true; key: AdbPublicKey } | { ok: false; problem: AdbKeyProblem };

/** Reads an `adbkey.pub` line and checks its structure word by word. */
export function parseAdbPublicKey(line: string): AdbKeyParse {
  const trimmed = line.trim();
  if (!trimmed) return { ok: false, problem: 'empty' };
  if (trimmed.length > ADB_PUBLIC_KEY_MAX_LENGTH) return { ok: false, problem: 'tooLong' };
  const space = trimmed.search(/\s/);
  const base64 = space < 0 ? trimmed : trimmed.slice(0, space);
  const name = space < 0 ? '' : trimmed.slice(space).trim();
  const bytes = decodeBase64(base64);
  if (!bytes) return { ok: false, problem: 'notBase64' };
  if (bytes.length !== ADB_KEY_STRUCT_BYTES) return { ok: false, problem: 'wrongSize' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MODULUS_WORDS) return { ok: false, problem: 'wrongModulusSize' };
  const n0inv = view.getUint32(4, true);
  const modulusLe = bytes.subarray(8, 8 + MODULUS_BYTES);
  const rrLe = bytes.subarray(8 + MODULUS_BYTES, 8 + 2 * MODULUS_BYTES);
  const exponent = view.getUint32(8 + 2 * MODULUS_BYTES, true);
  const modulus = Uint8Array.from(modulusLe).reverse();
  if (!consistent(modulus, n0inv, rrLe, exponent)) return { ok: false, problem: 'inconsistent' };
  return { ok: true, key: { base64, name, modulus, exponent } };
}

/** Whether two key lines hold the same key, whatever their names. */
export function sameAdbKey(a: string, b: string): boolean {
  const first = (line: string) => line.trim().split(/\s/)[0];
  return first(a) === first(b);
}

/** Whether n0inv and R² are those of the modulus, the modulus is odd and full-size, the exponent 3 or 65537. */
function consistent(modulus: Uint8Array, n0inv: number, rrLe: Uint8Array, exponent: number): boolean {
  if (exponent !== 3 && exponent !== 65537) return false;
  const lowest = modulus.at(-1) ?? 0;
  if ((modulus[0] ?? 0) < 0x80 || (lowest & 1) === 0) return false;
  const n0 = new DataView(modulus.buffer, modulus.byteOffset + MODULUS_BYTES - 4, 4).getUint32(0, false);
  // n0inv · n0 ≡ −1 (mod 2³²)
  if (Math.imul(n0inv, n0) >>> 0 !== 0xffffffff) return false;
  const n = bigFrom(modulus);
  const rr = bigFrom(Uint8Array.from(rrLe).reverse());
  return rr === (1n << BigInt(2 * ADB_KEY_MODULUS_BITS)) % n;
}

function bigFrom(bigEndian: Uint8Array): bigint {
  let hex = '';
  for (const byte of bigEndian) hex += byte.toString(16).padStart(2, '0');
  return BigInt(`0x${hex}`);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with its padding, or undefined for anything else. */
function decodeBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  const body = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of body) {
    value = (value << 6) | BASE64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/**
 * What each ADB operation asks of the phone (DESIGN §10's table). ADB itself is the owner's (`adb`:
 * the server opens an endpoint only for the owner of a phone that is not a trial); behind it, each
 * operation meets the phone's locks as the same action does from the phone view: reading anything is
 * watching, touch and keys are input, files and apps are pushes, a reboot is a restart.
 */
export const ADB_OPERATION_ACTIONS = {
  /** getprop, ls, cat, pull, screencap, dumpsys, pm list / path, wm size. */
  read: 'watch',
  /** input, am start, settings put, setprop. */
  input: 'input',
  /** push, install (both paths), uninstall, mkdir, rm, mv. */
  write: 'push',
  /** `adb reboot`, `adb shell reboot`: decided by the server's power policy, as the SDK's reboot is. */
  reboot: 'restart',
} as const satisfies Record<string, PhoneAction>;
export type AdbOperation = keyof typeof ADB_OPERATION_ACTIONS;
