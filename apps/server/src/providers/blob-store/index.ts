import { join } from 'node:path';
import type { BlobStore } from './blob-store';
import { FolderBlobStore } from './folder-blob-store';
import type { S3BlobStoreOptions } from './s3-blob-store';

/**
 * The blob store the configuration names: S3 when a bucket is given, else a folder under the data
 * folder. The S3 SDK loads only then: it is large, and on Node 20 it warns at import.
 */
export async function createBlobStore(config: { dataDir: string; s3?: S3BlobStoreOptions }): Promise<BlobStore> {
  if (!config.s3) return new FolderBlobStore(join(config.dataDir, 'files'));
  const { S3BlobStore } = await import('./s3-blob-store');
  return new S3BlobStore(config.s3);
}
