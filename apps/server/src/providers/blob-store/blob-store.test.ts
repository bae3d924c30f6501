import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { blobKey, type BlobStore } from './blob-store';
import { FolderBlobStore } from './folder-blob-store';
import { S3BlobStore, type S3Calls } from './s3-blob-store';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * A stand-in for the S3 calls the store makes, keeping objects in a map: what the store asks of S3,
 * not S3 itself (the multipart uploads of @tus/s3-store are not exercised here).
 */
function fakeS3(objects: Map<string, Buffer>): S3Calls {
  const notFound = () => Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
  return {
    headObject: (async ({ Key }: { Key: string }) => {
      if (!objects.has(Key)) throw notFound();
      return {};
    }) as never,
    getObject: (async ({ Key }: { Key: string }) => {
      const body = objects.get(Key);
      if (!body) throw notFound();
      return { Body: Readable.from([body]) };
    }) as never,
    putObject: (async ({ Key, Body }: { Key: string; Body: Readable }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of Body) chunks.push(chunk as Buffer);
      objects.set(Key, Buffer.concat(chunks));
      return {};
    }) as never,
    copyObject: (async ({ CopySource, Key }: { CopySource: string; Key: string }) => {
      const source = decodeURIComponent(CopySource.split('/').slice(1).join('/'));
      objects.set(Key, objects.get(source)!);
      return {};
    }) as never,
    deleteObject: (async ({ Key }: { Key: string }) => {
      objects.delete(Key);
      return {};
    }) as never,
    deleteObjects: (async ({ Delete }: { Delete: { Objects: { Key: string }[] } }) => {
      for (const o of Delete.Objects) objects.delete(o.Key);
      return {};
    }) as never,
  };
}

/** The same behaviour of both stores: an arrived upload is checked in place, then kept once by its hash. */
function behavesAsABlobStore(
  name: string,
  make: () => { store: BlobStore; arrive: (id: string, text: string) => void },
) {
  describe(name, () => {
    it('keeps an upload under its hash, readable, and drops the upload', async () => {
      const { store, arrive } = make();
      arrive('up1', 'game bytes');
      const seen = await store.withUploadFile('up1', async (path) => readFileSync(path, 'utf8'));
      expect(seen).toBe('game bytes');
      await store.adopt('up1', sha('game bytes'));
      expect(await store.has(sha('game bytes'))).toBe(true);
      expect(await text(await store.read(sha('game bytes')))).toBe('game bytes');
    });

    it('keeps streamed bytes under their hash, once however often they come', async () => {
      const { store } = make();
      const snapshot = '{"id":"tpl-0000000000000001"}';
      expect(await store.write(Readable.from([Buffer.from(snapshot)]))).toEqual({
        sha256: sha(snapshot),
        size: snapshot.length,
      });
      await store.write(Readable.from([Buffer.from(snapshot)]));
      expect(await text(await store.read(sha(snapshot)))).toBe(snapshot);
    });

    it('keeps one copy when a second upload has the same content', async () => {
      const { store, arrive } = make();
      arrive('up1', 'same');
      arrive('up2', 'same');
      await store.adopt('up1', sha('same'));
      await store.adopt('up2', sha('same'));
      expect(await text(await store.read(sha('same')))).toBe('same');
    });

    it('forgets a removed blob', async () => {
      const { store, arrive } = make();
      arrive('up1', 'gone soon');
      await store.adopt('up1', sha('gone soon'));
      await store.remove(sha('gone soon'));
      expect(await store.has(sha('gone soon'))).toBe(false);
      await expect(store.read(sha('gone soon'))).rejects.toThrow();
    });
  });
}

behavesAsABlobStore('the folder store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cloudphone-blob-test-'));
  const store = new FolderBlobStore(dir);
  return { store, arrive: (id, content) => writeFileSync(join(dir, 'uploads', id), content) };
});

behavesAsABlobStore('the S3 store (calls checked against a stand-in)', () => {
  const objects = new Map<string, Buffer>();
  const store = new S3BlobStore({ bucket: 'files', region: 'us-east-1' }, fakeS3(objects));
  return {
    store,
    arrive: (id, content) => {
      objects.set(id, Buffer.from(content));
      objects.set(`${id}.info`, Buffer.alloc(0));
    },
  };
});

describe('blob names', () => {
  it('spreads blobs over folders by the first two hex digits, and refuses anything but a sha256', () => {
    expect(blobKey(sha('x'))).toBe(`blobs/${sha('x').slice(0, 2)}/${sha('x')}`);
    expect(() => blobKey('../etc/passwd')).toThrow();
  });

  it('leaves no upload behind in the folder once adopted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cloudphone-blob-test-'));
    const store = new FolderBlobStore(dir);
    writeFileSync(join(dir, 'uploads', 'up1'), 'x');
    writeFileSync(join(dir, 'uploads', 'up1.json'), '{}');
    await store.adopt('up1', sha('x'));
    expect(readdirSync(join(dir, 'uploads'))).toEqual([]);
  });
});
