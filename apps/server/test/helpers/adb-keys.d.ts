/**
 * A new 2048-bit key as `adb keygen` writes `adbkey.pub`: Android's RSA public-key structure (modulus
 * size in words, n0inv, modulus, R², exponent — all little-endian) in base64, then a space and a name.
 */
export declare function newAdbPublicKey(name?: string): string;
