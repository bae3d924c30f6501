import { createReadStream, mkdirSync } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { blobKey, spool, type BlobStore, type StoredBlob } from './blob-store';

/** Blobs in a folder (DATA_DIR/files by default): uploads under `uploads/`, kept blobs under `blobs/`. */
export class FolderBlobStore implements BlobStore {
  readonly uploads: FileStore;
  private readonly uploadDir: string;

  constructor(private readonly dir: string) {
    this.uploadDir = join(dir, 'uploads');
    mkdirSync(this.uploadDir, { recursive: true });
    this.uploads = new FileStore({ directory: this.uploadDir });
  }

  async withUploadFile<T>(uploadId: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(this.uploadPath(uploadId));
  }

  async adopt(uploadId: string, sha256: string): Promise<void> {
    const target = this.blobPath(sha256);
    if (await this.has(sha256)) {
      await this.discardUpload(uploadId);
      return;
    }
    mkdirSync(dirname(target), { recursive: true });
    // Same file system: the upload becomes the blob without a copy.
    await rename(this.uploadPath(uploadId), target);
    await rm(`${this.uploadPath(uploadId)}.json`, { force: true });
  }

  async discardUpload(uploadId: string): Promise<void> {
    await rm(this.uploadPath(uploadId), { force: true });
    await rm(`${this.uploadPath(uploadId)}.json`, { force: true });
  }

  async write(bytes: Readable): Promise<StoredBlob> {
    return spool(bytes, this.uploadDir, async (file, blob) => {
      if (!(await this.has(blob.sha256))) {
        mkdirSync(dirname(this.blobPath(blob.sha256)), { recursive: true });
        await rename(file, this.blobPath(blob.sha256));
      }
      return blob;
    });
  }

  async has(sha256: string): Promise<boolean> {
    return access(this.blobPath(sha256)).then(
      () => true,
      () => false,
    );
  }

  async read(sha256: string): Promise<Readable> {
    if (!(await this.has(sha256))) throw Object.assign(new Error(`no blob ${sha256}`), { status: 404 });
    return createReadStream(this.blobPath(sha256));
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.blobPath(sha256), { force: true });
  }

  private uploadPath(uploadId: string): string {
    if (!/^[A-Za-z0-9_-]+$/.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
    return join(this.uploadDir, uploadId);
  }

  private blobPath(sha256: string): string {
    return join(this.dir, blobKey(sha256));
  }
}
