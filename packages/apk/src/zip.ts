import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

/** Thrown for anything that is not a readable APK; the host answers "Package parse error". */
export class PackageParseError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record is 22 bytes, after which a comment of up to 64 KiB may follow. */
const EOCD_SEARCH = 22 + 65_535;

/** Bytes of an archive read by position: a buffer in memory, or a file read piece by piece. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Buffer;
}

export function bufferSource(buffer: Buffer): ByteSource {
  return { size: buffer.length, read: (offset, length) => buffer.subarray(offset, offset + length) };
}

/**
 * A file read by position, so a 2 GB package is parsed by reading its directory and the few entries
 * the launcher needs, never the whole file into memory. Close it when done.
 */
export function fileSource(path: string): ByteSource & { close(): void } {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  return {
    size,
    read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      readSync(fd, buffer, 0, buffer.length, offset);
      return buffer;
    },
    close: () => closeSync(fd),
  };
}

/** The entries of a ZIP archive (an APK is one), read from its central directory. */
export function readZip(archive: ByteSource): Map<string, () => Buffer> {
  const tailStart = Math.max(0, archive.size - EOCD_SEARCH);
  const tail = archive.read(tailStart, archive.size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new PackageParseError('not a zip archive');
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directory = archive.read(tail.readUInt32LE(eocd + 16), directorySize);
  let at = 0;
  const entries = new Map<string, () => Buffer>();
  for (let n = 0; n < count; n++) {
    if (directory.readUInt32LE(at) !== CENTRAL) throw new PackageParseError('broken central directory');
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localOffset = directory.readUInt32LE(at + 42);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, () => {
      const local = archive.read(localOffset, 30);
      if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) throw new PackageParseError('broken local header');
      const start = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const data = archive.read(start, compressedSize);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
      throw new PackageParseError(`unsupported compression ${method}`);
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
