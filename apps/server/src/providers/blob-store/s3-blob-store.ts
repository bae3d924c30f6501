import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3, type S3ClientConfig } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { blobKey, spool, type BlobStore, type StoredBlob } from './blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, …); AWS when absent. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most self-hosted stores want path-style URLs. */
  forcePathStyle?: boolean;
}

/** What the store needs of an S3 client: the SDK's, or a stand-in of the same calls in tests. */
export type S3Calls = Pick<
  S3,
  'headObject' | 'getObject' | 'putObject' | 'copyObject' | 'deleteObject' | 'deleteObjects'
>;

/**
 * Blobs in an S3-compatible bucket, so API nodes keep no files (DESIGN §10): uploads arrive as
 * multipart uploads through `@tus/s3-store` (object `<uploadId>` with its `<uploadId>.info`), are
 * checked from a temporary local copy, then copied under `blobs/<aa>/<sha256>`.
 */
export class S3BlobStore implements BlobStore {
  readonly uploads: S3Store;
  private readonly bucket: string;
  private readonly client: S3Calls;

  constructor(options: S3BlobStoreOptions, client?: S3Calls) {
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    };
    this.bucket = options.bucket;
    this.client = client ?? new S3(config);
    // 8 MiB parts: a 2 GB upload is 256 parts, well under S3's 10,000.
    this.uploads = new S3Store({ partSize: 8 * 1024 * 1024, s3ClientConfig: { ...config, bucket: options.bucket } });
  }

  async withUploadFile<T>(uploadId: string, use: (path: string) => Promise<T>): Promise<T> {
    const folder = await mkdtemp(join(tmpdir(), 'cloudphone-s3-upload-'));
    try {
      const file = join(folder, 'upload');
      await pipeline(await this.body(uploadId), createWriteStream(file));
      return await use(file);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async adopt(uploadId: string, sha256: string): Promise<void> {
    if (!(await this.has(sha256))) {
      await this.client.copyObject({
        Bucket: this.bucket,
        CopySource: `${this.bucket}/${encodeURIComponent(uploadId)}`,
        Key: blobKey(sha256),
      });
    }
    await this.discardUpload(uploadId);
  }

  async discardUpload(uploadId: string): Promise<void> {
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: uploadId }, { Key: `${uploadId}.info` }] },
    });
  }

  async write(bytes: Readable): Promise<StoredBlob> {
    const folder = await mkdtemp(join(tmpdir(), 'cloudphone-s3-blob-'));
    try {
      return await spool(bytes, folder, async (file, blob) => {
        if (!(await this.has(blob.sha256)))
          await this.client.putObject({
            Bucket: this.bucket,
            Key: blobKey(blob.sha256),
            Body: createReadStream(file),
            ContentLength: blob.size,
          });
        return blob;
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await this.client.headObject({ Bucket: this.bucket, Key: blobKey(sha256) });
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      if ((error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  }

  async read(sha256: string): Promise<Readable> {
    return this.body(blobKey(sha256));
  }

  async remove(sha256: string): Promise<void> {
    await this.client.deleteObject({ Bucket: this.bucket, Key: blobKey(sha256) });
  }

  private async body(key: string): Promise<Readable> {
    const object = await this.client.getObject({ Bucket: this.bucket, Key: key });
    const body = object.Body;
    if (body instanceof Readable) return body;
    if (body && 'transformToWebStream' in body) return Readable.fromWeb(body.transformToWebStream() as never);
    throw Object.assign(new Error(`no object ${key}`), { status: 404 });
  }
}
