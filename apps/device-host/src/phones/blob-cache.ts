import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DEFAULT_DISK_RESERVE, DiskFloor, NoRoom } from './disk-floor';
import { writeHashed } from '@cloudphone/serving/hashed-file';

export interface BlobCacheOptions {
  /** The fraction of the disk kept free (`HOST_DISK_RESERVE`). */
  reserve?: number;
  /** The blobs someone holds (a phone's file, a push under way): never removed to make room. */
  held?: () => Set<string>;
}

/** The fetched bytes are not the file asked for (their SHA-256 differs): nothing is kept. */
export class BlobMismatch extends Error {}

interface Download {
  done: Promise<string>;
  watchers: Set<(fraction: number) => void>;
}

/**
 * The files this host has fetched, named by their SHA-256 (DESIGN §10: hosts fetch blobs by hash
 * and cache them): a file pushed to twenty phones of one host is downloaded once, by one fetch that
 * every push of it waits for. A download is written beside its final name and only renamed into
 * place once its hash checks, so the cache never holds a partial or wrong file.
 */
export class BlobCache {
  private readonly downloads = new Map<string, Download>();
  private readonly floor: DiskFloor;
  private readonly held: () => Set<string>;

  constructor(
    private readonly dir: string,
    { reserve = DEFAULT_DISK_RESERVE, held = () => new Set() }: BlobCacheOptions = {},
  ) {
    mkdirSync(dir, { recursive: true });
    this.held = held;
    this.floor = new DiskFloor(dir, reserve, (bytes) => this.release(bytes));
  }

  /** The cached file of `sha256`, fetched through `open` when absent; `onProgress` hears 0..1 of `size`. */
  async fetch(
    sha256: string,
    size: number,
    open: () => Promise<Readable>,
    onProgress: (fraction: number) => void,
  ): Promise<string> {
    const path = join(this.dir, sha256);
    if (existsSync(path)) return path;
    let download = this.downloads.get(sha256);
    if (!download) {
      const watchers = new Set<(fraction: number) => void>();
      const done = this.download(sha256, size, path, open, watchers).finally(() => this.downloads.delete(sha256));
      download = { done, watchers };
      this.downloads.set(sha256, download);
    }
    download.watchers.add(onProgress);
    try {
      return await download.done;
    } finally {
      download.watchers.delete(onProgress);
    }
  }

  /**
   * Keeps bytes made on this host (an ADB push) under their SHA-256, as fetched files are kept. The
   * write stops at `room` bytes or at the disk's floor (NoRoom), and then keeps nothing.
   */
  async keep(bytes: Readable | AsyncIterable<Buffer>, room = Infinity): Promise<{ sha256: string; size: number }> {
    const part = join(this.dir, `kept-${randomBytes(6).toString('hex')}.part`);
    try {
      const { sha256, size } = await writeHashed(bytes, part, undefined, this.floor.meter(room));
      await rename(part, join(this.dir, sha256));
      return { sha256, size };
    } finally {
      await rm(part, { force: true });
    }
  }

  /** The cached file of `sha256`, or undefined when this host has not got it. */
  pathOf(sha256: string): string | undefined {
    const path = join(this.dir, sha256);
    return existsSync(path) ? path : undefined;
  }

  /** Bytes the cache holds for `sha256`, or undefined. */
  async size(sha256: string): Promise<number | undefined> {
    return (await stat(join(this.dir, sha256)).catch(() => undefined))?.size;
  }

  private async download(
    sha256: string,
    size: number,
    path: string,
    open: () => Promise<Readable>,
    watchers: Set<(fraction: number) => void>,
  ): Promise<string> {
    const part = `${path}.${randomBytes(4).toString('hex')}.part`;
    const progress = (received: number) => {
      for (const watch of watchers) watch(size > 0 ? Math.min(1, received / size) : 1);
    };
    try {
      if (!(await this.floor.fits(size))) throw new NoRoom('host');
      const fetched = await writeHashed(await open(), part, progress, this.floor.meter());
      if (fetched.sha256 !== sha256) throw new BlobMismatch(`the file fetched is not ${sha256}`);
      await rename(part, path);
      return path;
    } finally {
      await rm(part, { force: true });
    }
  }

  /**
   * Removes cached files no one holds, oldest first, until `bytes` fit above the floor (issue 47):
   * a file fetched for a push that ended, a package installed from it, a snapshot placed.
   */
  private async release(bytes: number): Promise<void> {
    const held = this.held();
    const names = (await readdir(this.dir)).filter(
      (name) => !name.endsWith('.part') && !held.has(name) && !this.downloads.has(name),
    );
    const files = await Promise.all(
      names.map(async (name) => ({ name, time: (await stat(join(this.dir, name)).catch(() => undefined))?.mtimeMs })),
    );
    files.sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
    for (const { name } of files) {
      if ((await this.floor.room()) >= bytes) return;
      await rm(join(this.dir, name), { force: true });
    }
  }
}
