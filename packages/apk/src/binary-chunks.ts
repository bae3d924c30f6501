import { PackageParseError } from './zip';

/** Chunk types of Android's binary resource formats (ResourceTypes.h). */
export const Chunk = {
  stringPool: 0x0001,
  table: 0x0002,
  xml: 0x0003,
  xmlStartElement: 0x0102,
  xmlResourceMap: 0x0180,
  tablePackage: 0x0200,
  tableType: 0x0201,
} as const;

/** Res_value data types used here. */
export const ValueType = {
  reference: 0x01,
  string: 0x03,
  intDec: 0x10,
  intHex: 0x11,
  colorArgb8: 0x1c,
  colorRgb8: 0x1d,
  colorArgb4: 0x1e,
  colorRgb4: 0x1f,
} as const;

export interface ChunkHeader {
  type: number;
  headerSize: number;
  size: number;
  start: number;
}

export function chunkAt(data: Buffer, start: number): ChunkHeader {
  if (start + 8 > data.length) throw new PackageParseError('truncated chunk');
  const header = {
    type: data.readUInt16LE(start),
    headerSize: data.readUInt16LE(start + 2),
    size: data.readUInt32LE(start + 4),
    start,
  };
  if (header.size < 8 || start + header.size > data.length) throw new PackageParseError('bad chunk size');
  return header;
}

/** The chunks directly inside `parent` (after its header). */
export function* childChunks(data: Buffer, parent: ChunkHeader): Generator<ChunkHeader> {
  for (let at = parent.start + parent.headerSize; at < parent.start + parent.size;) {
    const chunk = chunkAt(data, at);
    yield chunk;
    at += chunk.size;
  }
}

/** A string pool chunk (UTF-8 or UTF-16), decoded. */
export function readStringPool(data: Buffer, chunk: ChunkHeader): string[] {
  const count = data.readUInt32LE(chunk.start + 8);
  const utf8 = (data.readUInt32LE(chunk.start + 16) & 0x100) !== 0;
  const stringsStart = chunk.start + data.readUInt32LE(chunk.start + 20);
  const strings: string[] = [];
  for (let i = 0; i < count; i++) {
    let at = stringsStart + data.readUInt32LE(chunk.start + chunk.headerSize + i * 4);
    if (utf8) {
      // Length in characters, then in bytes; each one or two bytes (high bit: two).
      at += (data[at] ?? 0) & 0x80 ? 2 : 1;
      const high = data[at] ?? 0;
      const bytes = high & 0x80 ? ((high & 0x7f) << 8) | (data[at + 1] ?? 0) : high;
      at += high & 0x80 ? 2 : 1;
      strings.push(data.toString('utf8', at, at + bytes));
    } else {
      const first = data.readUInt16LE(at);
      const length = first & 0x8000 ? ((first & 0x7fff) << 16) | data.readUInt16LE(at + 2) : first;
      at += first & 0x8000 ? 4 : 2;
      strings.push(data.toString('utf16le', at, at + length * 2));
    }
  }
  return strings;
}
