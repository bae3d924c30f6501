import { inflateRawSync } from 'node:zlib';

/** Thrown for anything that is not a readable APK; the host answers "Package parse error". */
export class PackageParseError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of a ZIP archive (an APK is one), read from its central directory. */
export function readZip(archive: Buffer): Map<string, () => Buffer> {
  let eocd = -1;
  for (let i = archive.length - 22; i >= Math.max(0, archive.length - 22 - 65_535); i--) {
    if (archive.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new PackageParseError('not a zip archive');
  const count = archive.readUInt16LE(eocd + 10);
  let at = archive.readUInt32LE(eocd + 16);
  const entries = new Map<string, () => Buffer>();
  for (let n = 0; n < count; n++) {
    if (archive.readUInt32LE(at) !== CENTRAL) throw new PackageParseError('broken central directory');
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localOffset = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, () => {
      if (archive.readUInt32LE(localOffset) !== LOCAL) throw new PackageParseError('broken local header');
      const start = localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
      const data = archive.subarray(start, start + compressedSize);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
      throw new PackageParseError(`unsupported compression ${method}`);
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
