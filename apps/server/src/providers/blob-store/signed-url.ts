import { sameSignature, signBlobUrl } from '@cloudphone/contracts/access-key';
import { SHA256_PATTERN } from './blob-store';

/** A host has this long to start fetching a blob it was sent. */
const VALID_MS = 60 * 60_000;

/** Where hosts fetch blobs from the server (DESIGN §10): signed, so the URL is all a host needs. */
export const BLOB_PATH = '/api/files/blob';

/** The URL a separate host fetches the blob `sha256` from, on the server at `baseUrl`. */
export function signedBlobUrl(baseUrl: string, hostKey: string, sha256: string, now = Date.now()): string {
  const expires = now + VALID_MS;
  const signature = signBlobUrl(hostKey, sha256, expires);
  return `${baseUrl.replace(/\/$/, '')}${BLOB_PATH}/${sha256}?expires=${expires}&signature=${signature}`;
}

/** Whether a blob URL is one the server signed and still valid. */
export function blobUrlValid(
  hostKey: string,
  sha256: string,
  expires: number,
  signature: string,
  now: number,
): boolean {
  if (!SHA256_PATTERN.test(sha256) || !Number.isSafeInteger(expires) || expires < now) return false;
  return sameSignature(signBlobUrl(hostKey, sha256, expires), signature);
}
