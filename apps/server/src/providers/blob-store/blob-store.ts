import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { writeHashed } from '@cloudphone/serving/hashed-file';
import type { DataStore } from '@tus/utils';

/**
 * Where files live (DESIGN §10, issue 14): blobs named by their SHA-256, so twenty users uploading
 * one game keep one copy, behind one interface — a folder under DATA_DIR by default, an S3-compatible
 * object store when configured (API nodes then keep nothing on their own disks).
 *
 * An upload arrives through `uploads` (the tus data store of the same backend), is checked where it
 * landed (`withUploadFile`: hashed, its package read), then adopted under its hash.
 */
export interface BlobStore {
  /** Where tus writes uploads while they arrive (resumable: a cut upload continues from its offset). */
  readonly uploads: DataStore;
  /** Runs `use` with a finished upload as a local file (the S3 store downloads it to a temporary one). */
  withUploadFile<T>(uploadId: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Keeps a finished upload as the blob `sha256`; when that blob is already kept, the upload is dropped. */
  adopt(uploadId: string, sha256: string): Promise<void>;
  /** Drops an upload that will not be kept (refused, or its checksum did not match). */
  discardUpload(uploadId: string): Promise<void>;
  /**
   * Keeps bytes that arrive as a stream (a phone's snapshot, issue 21) under their SHA-256, never
   * holding them in memory; the blob's hash and size.
   */
  write(bytes: Readable): Promise<StoredBlob>;
  has(sha256: string): Promise<boolean>;
  /** The blob's bytes as a stream (hosts fetch them through a signed server URL). */
  read(sha256: string): Promise<Readable>;
  remove(sha256: string): Promise<void>;
}

export interface StoredBlob {
  sha256: string;
  size: number;
}

/**
 * Streams bytes to a temporary file in `dir`, hashing them on the way, and runs `keep` with it; the
 * file is gone afterwards (unless `keep` moved it).
 */
export async function spool<T>(
  bytes: Readable,
  dir: string,
  keep: (file: string, blob: StoredBlob) => Promise<T>,
): Promise<T> {
  const file = join(dir, `spool-${randomBytes(8).toString('hex')}`);
  try {
    return await keep(file, await writeHashed(bytes, file));
  } finally {
    await rm(file, { force: true });
  }
}

export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/** A blob's name in a store: two levels of folders keep a directory of a million blobs listable. */
export function blobKey(sha256: string): string {
  if (!SHA256_PATTERN.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return `blobs/${sha256.slice(0, 2)}/${sha256}`;
}
