import { join } from 'node:path';
import type { BlobStore } from './blob-store';
import { FolderBlobStore } from './folder-blob-store';
import { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';

/** The blob store the configuration names: S3 when a bucket is given, else a folder under the data folder. */
export function createBlobStore(config: { dataDir: string; s3?: S3BlobStoreOptions }): BlobStore {
  return config.s3 ? new S3BlobStore(config.s3) : new FolderBlobStore(join(config.dataDir, 'files'));
}
