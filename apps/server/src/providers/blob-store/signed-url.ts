import { sameSignature, signBlobUrl } from '@cloudphone/contracts/access-key';
import { SHA256_PATTERN } from './blob-store';

/** A host has this long to start fetching a blob it was sent. */
const VALID_MS = 60 * 60_000;

/** Where hosts fetch blobs from the server (DESIGN §10): signed, so the URL is all a host needs. */
export const BLOB_PATH = '/api/files/blob';

/**
 * The URL a separate host fetches the blob `sha256` from, on the server at `baseUrl`, signed with the
 * host's key; a joined host's URL names it (`hostId`), so the server checks the signature with its key.
 */
export function signedBlobUrl(
  baseUrl: string,
  hostKey: string,
  sha256: string,
  now = Date.now(),
  hostId?: number,
): string {
  const expires = now + VALID_MS;
  const signature = signBlobUrl(hostKey, sha256, expires);
  const host = hostId === undefined ? '' : `&host=${hostId}`;
  return `${baseUrl.replace(/\/$/, '')}${BLOB_PATH}/${sha256}?expires=${expires}&signature=${signature}${host}`;
}

/** Whether a blob URL is one the server signed, with this host's key, and still valid. */
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
