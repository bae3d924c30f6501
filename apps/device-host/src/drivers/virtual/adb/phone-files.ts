import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobCache } from '../../../phones/blob-cache';
import type { StoredFile } from '../../phone-driver';
import { NoRoom } from '../../../phones/disk-floor';
import type { VirtualPhone } from '../virtual-phone';
import { FileProblem } from './file-problem';

export const SDCARD = '/sdcard';
export const TMP = '/data/local/tmp';
/** Other names of the shared storage, as on a handset. */
const SDCARD_ALIASES = ['/storage/emulated/0', '/storage/self/primary', '/mnt/sdcard'];
/** The folders every phone has, whatever is in them. */
const FIXED_DIRS = [
  '/',
  '/data',
  '/data/local',
  TMP,
  '/sdcard',
  '/storage',
  '/storage/emulated',
  '/storage/emulated/0',
  '/storage/self',
  '/storage/self/primary',
  '/system',
  '/system/bin',
  '/vendor',
];

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

export interface FileStat {
  kind: 'file' | 'dir';
  /** st_mode: the type and permission bits. */
  mode: number;
  size: number;
  mtimeMs: number;
}

/** A place files can be written: the shared storage (the Files app) or adb's scratch folder. */
interface Volume {
  root: string;
  files(): readonly StoredFile[];
  save(files: StoredFile[]): void;
  /** Empty folders made in it (a folder with files exists through them). */
  dirs: Set<string>;
  fileMode: number;
}

/** What lasts of a phone's files between adb connections beyond its state: adb's scratch folder, empty folders. */
export interface ScratchSpace {
  sdcardDirs: Set<string>;
  tmpFiles: StoredFile[];
  tmpDirs: Set<string>;
}

export const emptyScratch = (): ScratchSpace => ({ sdcardDirs: new Set(), tmpFiles: [], tmpDirs: new Set() });

/**
 * A phone's files as adb and the shell see them. `/sdcard` is what the Files app shows (the phone's
 * state: a name per file, folders by the names' slashes), `/data/local/tmp` is adb's scratch folder
 * (where `adb install`'s push path puts the package); the system's folders are read-only. The bytes of
 * every file are in the host's blob cache, by hash.
 */
export class PhoneFiles {
  private readonly volumes: Volume[];

  constructor(
    private readonly phone: VirtualPhone,
    private readonly blobs: BlobCache,
    /** Bytes the phone may still take: a write stops there (issue 47). */
    private readonly room: () => number,
    scratch: ScratchSpace,
    /** The shell's commands, which `/system/bin` lists. */
    private readonly binaries: readonly string[],
    private readonly now: () => number,
  ) {
    this.volumes = [
      {
        root: SDCARD,
        files: () => phone.state.files,
        save: (files) => phone.update((s) => (s.files = files)),
        dirs: scratch.sdcardDirs,
        fileMode: S_IFREG | 0o660,
      },
      {
        root: TMP,
        files: () => scratch.tmpFiles,
        save: (files) => (scratch.tmpFiles = files),
        dirs: scratch.tmpDirs,
        fileMode: S_IFREG | 0o666,
      },
    ];
  }

  /** An absolute, normal path: `..` and `.` resolved, the shared storage's other names as `/sdcard`. */
  resolve(path: string, cwd = '/'): string {
    let absolute = posix.resolve(cwd, path);
    for (const alias of SDCARD_ALIASES)
      if (absolute === alias || absolute.startsWith(`${alias}/`)) absolute = SDCARD + absolute.slice(alias.length);
    return absolute;
  }

  stat(path: string): FileStat {
    const absolute = this.resolve(path);
    if (FIXED_DIRS.includes(absolute)) return this.dirStat();
    const parent = posix.dirname(absolute);
    if (parent === '/system/bin' && this.binaries.includes(posix.basename(absolute)))
      return { kind: 'file', mode: S_IFREG | 0o755, size: 0, mtimeMs: 0 };
    const place = this.place(absolute);
    if (!place) throw new FileProblem('ENOENT');
    const { volume, name } = place;
    const file = volume.files().find((f) => f.name === name);
    if (file) return { kind: 'file', mode: volume.fileMode, size: file.size, mtimeMs: file.time };
    if (this.isDir(volume, name)) return this.dirStat();
    throw new FileProblem('ENOENT');
  }

  /** The names in a folder, with what each is. */
  list(path: string): { name: string; stat: FileStat }[] {
    const absolute = this.resolve(path);
    const stat = this.stat(absolute);
    if (stat.kind !== 'dir') throw new FileProblem('ENOTDIR');
    const names = new Set<string>();
    for (const dir of FIXED_DIRS) if (dir !== '/' && posix.dirname(dir) === absolute) names.add(posix.basename(dir));
    if (absolute === '/system/bin') for (const binary of this.binaries) names.add(binary);
    const place = this.place(absolute);
    if (place) {
      const prefix = place.name ? `${place.name}/` : '';
      const inside = [...place.volume.files().map((f) => f.name), ...place.volume.dirs];
      for (const name of inside) if (name.startsWith(prefix)) names.add(name.slice(prefix.length).split('/')[0]!);
    }
    return [...names]
      .filter(Boolean)
      .sort()
      .map((name) => ({ name, stat: this.stat(posix.join(absolute, name)) }));
  }

  /** Where a file's bytes are on the host, to read. */
  read(path: string): { file: string; size: number } {
    const absolute = this.resolve(path);
    const stat = this.stat(absolute);
    if (stat.kind === 'dir') throw new FileProblem('EISDIR');
    const place = this.place(absolute);
    const stored = place?.volume.files().find((f) => f.name === place.name);
    const file = stored?.sha256 && this.blobs.pathOf(stored.sha256);
    // A system binary, or a file kept before files had their bytes: nothing this host can give.
    if (!file) throw new FileProblem(place ? 'EIO' : 'EACCES');
    return { file, size: stat.size };
  }

  /** Checks a file may be written at `path` (its folders are made as it is). */
  writable(path: string): void {
    const absolute = this.resolve(path);
    const place = this.place(absolute);
    if (!place || !place.name) throw new FileProblem(absolute.startsWith('/system') ? 'EROFS' : 'EACCES');
    if (this.isDir(place.volume, place.name)) throw new FileProblem('EISDIR');
    const clash = ancestors(place.name).find((a) => place.volume.files().some((f) => f.name === a));
    if (clash) throw new FileProblem('ENOTDIR');
  }

  /** Writes `bytes` as the file at `path`, making its folders; in `/sdcard` it shows in Files. */
  async write(path: string, bytes: Readable | AsyncIterable<Buffer>, mtimeMs = this.now()): Promise<StoredFile> {
    this.writable(path);
    const { volume, name } = this.place(this.resolve(path))!;
    const { sha256, size } = await this.kept(bytes);
    const file: StoredFile = { name, size, time: mtimeMs, sha256 };
    this.put(volume, file);
    return file;
  }

  /** Keeps bytes in the host's blob cache, as no file yet (a package streamed to `pm install -S`). */
  async keep(bytes: Readable | AsyncIterable<Buffer>): Promise<{ file: string; size: number }> {
    const { sha256, size } = await this.kept(bytes);
    const file = this.blobs.pathOf(sha256);
    if (!file) throw new FileProblem('EIO');
    return { file, size };
  }

  /** Bytes kept in the blob cache, stopped at the phone's room or the host's disk floor (ENOSPC, as adbd's). */
  private async kept(bytes: Readable | AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
    try {
      return await this.blobs.keep(bytes, this.room());
    } catch (error) {
      throw error instanceof NoRoom ? new FileProblem('ENOSPC') : error;
    }
  }

  /** Sets a file's time (adb push keeps the local file's). */
  setTime(path: string, mtimeMs: number): void {
    const place = this.place(this.resolve(path));
    const file = place?.volume.files().find((f) => f.name === place.name);
    if (place && file) this.put(place.volume, { ...file, time: mtimeMs });
  }

  mkdir(path: string, parents = false): void {
    const absolute = this.resolve(path);
    const exists = this.exists(absolute);
    if (exists) {
      if (parents && this.stat(absolute).kind === 'dir') return;
      throw new FileProblem('EEXIST');
    }
    const place = this.place(absolute);
    if (!place) throw new FileProblem(absolute.startsWith('/system') ? 'EROFS' : 'EACCES');
    if (!parents && !this.exists(posix.dirname(absolute))) throw new FileProblem('ENOENT');
    this.writable(absolute);
    place.volume.dirs.add(place.name);
  }

  remove(path: string, recursive = false): void {
    const absolute = this.resolve(path);
    const stat = this.stat(absolute);
    const place = this.place(absolute);
    if (!place || !place.name) throw new FileProblem(absolute.startsWith('/system') ? 'EROFS' : 'EACCES');
    const { volume, name } = place;
    if (stat.kind === 'file') return volume.save(volume.files().filter((f) => f.name !== name));
    if (!recursive) throw new FileProblem('EISDIR');
    const inside = (n: string) => n === name || n.startsWith(`${name}/`);
    for (const dir of [...volume.dirs]) if (inside(dir)) volume.dirs.delete(dir);
    volume.save(volume.files().filter((f) => !inside(f.name)));
  }

  /** Renames a file or folder; into a folder that exists, it keeps its name. */
  move(from: string, to: string): void {
    const source = this.resolve(from);
    const stat = this.stat(source);
    let target = this.resolve(to);
    if (this.exists(target) && this.stat(target).kind === 'dir') target = posix.join(target, posix.basename(source));
    const origin = this.place(source);
    const destination = this.place(target);
    if (!origin?.name || !destination?.name) throw new FileProblem('EACCES');
    if (target === source || target.startsWith(`${source}/`)) throw new FileProblem('EINVAL');
    this.writable(target);
    const moved = (name: string) => destination.name + name.slice(origin.name.length);
    const inside = (n: string) => n === origin.name || n.startsWith(`${origin.name}/`);
    const files = origin.volume.files().filter((f) => inside(f.name));
    const dirs = [...origin.volume.dirs].filter(inside);
    if (stat.kind === 'dir') this.remove(source, true);
    else origin.volume.save(origin.volume.files().filter((f) => f.name !== origin.name));
    for (const dir of dirs) destination.volume.dirs.add(moved(dir));
    if (stat.kind === 'dir') destination.volume.dirs.add(destination.name);
    for (const file of files) this.put(destination.volume, { ...file, name: moved(file.name) });
  }

  exists(path: string): boolean {
    try {
      this.stat(path);
      return true;
    } catch {
      return false;
    }
  }

  private put(volume: Volume, file: StoredFile): void {
    // Its folders stay when it goes, as on a handset.
    for (const dir of ancestors(file.name)) volume.dirs.add(dir);
    if (volume.root === SDCARD) this.phone.placeFile(file);
    else volume.save([...volume.files().filter((f) => f.name !== file.name), file]);
  }

  private place(absolute: string): { volume: Volume; name: string } | undefined {
    for (const volume of this.volumes) {
      if (absolute === volume.root) return { volume, name: '' };
      if (absolute.startsWith(`${volume.root}/`)) return { volume, name: absolute.slice(volume.root.length + 1) };
    }
    return undefined;
  }

  private isDir(volume: Volume, name: string): boolean {
    const within = (n: string) => n.startsWith(`${name}/`);
    return (
      !name || volume.dirs.has(name) || [...volume.dirs].some(within) || volume.files().some((f) => within(f.name))
    );
  }

  private dirStat(): FileStat {
    return { kind: 'dir', mode: S_IFDIR | 0o771, size: 4096, mtimeMs: this.now() };
  }
}

/** `a`, `a/b` for `a/b/c`. */
function ancestors(name: string): string[] {
  const parts = name.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}
