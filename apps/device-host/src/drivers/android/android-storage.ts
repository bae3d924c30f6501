import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Adb } from '@yume-chan/adb';
import type { ReadableStream as TangoReadableStream } from '@yume-chan/stream-extra';
import { readApkFile } from '@cloudphone/apk';
import type { InstalledApp, StoredFile } from '../phone-driver';

/** What the Files app shows: the device's shared storage. */
const SHARED_STORAGE = '/sdcard';
/** A directory entry's type bits (S_IFDIR) in a sync listing's mode. */
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

const fileStream = (path: string) =>
  Readable.toWeb(createReadStream(path)) as unknown as TangoReadableStream<Uint8Array>;

/**
 * A device's apps and files (issue 61): packages installed with `pm install -S` streamed from the
 * host's copy (as `adb install` streams it), files written to `/sdcard` through adb's sync protocol,
 * both listed from the device. What the phone's faces show of an app — label, version, icon — is read
 * from the package as it installs, as for every phone.
 */
export class AndroidStorage {
  private installed: InstalledApp[] = [];
  private stored: StoredFile[] = [];

  constructor(private readonly adb: () => Adb | undefined) {}

  get apps(): readonly InstalledApp[] {
    return this.installed;
  }

  get files(): readonly StoredFile[] {
    return this.stored;
  }

  get usedBytes(): number {
    return [...this.installed, ...this.stored].reduce((sum, item) => sum + (item.size ?? 0), 0);
  }

  /** Reads what the device has now: its own packages (`pm list packages -3`) and the files in `/sdcard`. */
  async refresh(): Promise<void> {
    const adb = this.device();
    const listed = await adb.subprocess.noneProtocol.spawnWaitText(['pm', 'list', 'packages', '-3']);
    const names = new Set([...listed.matchAll(/^package:(\S+)/gm)].map((m) => m[1]!));
    const known = new Map(this.installed.map((app) => [app.packageName, app]));
    this.installed = [...names].map(
      (packageName) =>
        known.get(packageName) ?? { packageName, label: packageName, versionName: '', icon: '', installedAt: 0 },
    );
    const sync = await adb.sync();
    try {
      const entries = await sync.readdir(SHARED_STORAGE);
      const byName = new Map(this.stored.map((file) => [file.name, file]));
      this.stored = entries
        .filter((entry) => (entry.mode & S_IFMT) === S_IFREG)
        .map((entry) => ({
          ...byName.get(entry.name),
          name: entry.name,
          size: Number(entry.size),
          time: Number(entry.mtime) * 1000,
        }));
    } finally {
      await sync.dispose();
    }
  }

  /** Streams the package to `pm install -S`; `onProgress` hears 25 and 75. Not a package: PackageParseError. */
  async install(file: string, size: number, onProgress?: (progress: number) => void): Promise<InstalledApp> {
    const apk = readApkFile(file);
    onProgress?.(25);
    const adb = this.device();
    const pm = await adb.subprocess.noneProtocol.spawn(['pm', 'install', '-S', String(size)]);
    const output = new Response(pm.output as unknown as ReadableStream<Uint8Array>).text();
    await fileStream(file).pipeTo(pm.stdin);
    const answer = await output;
    if (!/Success/.test(answer)) throw new Error(`pm install: ${answer.trim()}`);
    onProgress?.(75);
    return this.keep(apk, size);
  }

  /** A package the device took from an adb client (issue 61): what the faces show of it, read from its copy. */
  installedFrom(file: string, size: number): InstalledApp {
    return this.keep(readApkFile(file), size);
  }

  /** `pm uninstall`; false when the device had no such package of its user's. */
  async uninstall(packageName: string): Promise<boolean> {
    const answer = await this.device().subprocess.noneProtocol.spawnWaitText(['pm', 'uninstall', packageName]);
    if (!/Success/.test(answer)) return false;
    this.installed = this.installed.filter((app) => app.packageName !== packageName);
    return true;
  }

  /**
   * Leaves the device as the next customer should find it: every app its users installed removed and
   * every file in its shared storage deleted (what a handset cannot be is reset: this is what it can).
   */
  async wipe(): Promise<void> {
    await this.refresh();
    for (const app of this.installed) await this.uninstall(app.packageName);
    const adb = this.device();
    for (const file of this.stored)
      await adb.subprocess.noneProtocol.spawnWaitText(['rm', '-f', `${SHARED_STORAGE}/${file.name}`]);
    this.stored = [];
  }

  /** Writes the host's copy of `file` (`path`) to `/sdcard/<name>` through adb's sync protocol. */
  async place(file: StoredFile, path: string): Promise<void> {
    const sync = await this.device().sync();
    try {
      await sync.write({
        filename: `${SHARED_STORAGE}/${file.name}`,
        file: fileStream(path),
        mtime: Math.floor(file.time / 1000),
      });
    } finally {
      await sync.dispose();
    }
    const size = statSync(path).size;
    this.stored = [...this.stored.filter((f) => f.name !== file.name), { ...file, size }];
  }

  private keep(apk: ReturnType<typeof readApkFile>, size: number): InstalledApp {
    const app: InstalledApp = { ...apk, icon: apk.icon ?? '', size, installedAt: Date.now() };
    this.installed = [...this.installed.filter((a) => a.packageName !== app.packageName), app];
    return app;
  }

  private device(): Adb {
    const adb = this.adb();
    if (!adb) throw new Error('the device is not connected');
    return adb;
  }
}
