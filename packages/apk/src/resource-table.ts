import { childChunks, Chunk, chunkAt, readStringPool, ValueType } from './binary-chunks';

const NO_ENTRY = 0xffffffff;
const COMPLEX_ENTRY = 0x0001;

/**
 * Looks resource ids (0xPPTTEEEE) up in resources.arsc, as far as an APK's label and icon need:
 * the first configuration that has the entry, followed through references to a string.
 */
export class ResourceTable {
  private readonly values: string[] = [];
  private readonly types: {
    packageId: number;
    typeId: number;
    start: number;
    headerSize: number;
    entryCount: number;
    entriesStart: number;
  }[] = [];

  constructor(private readonly data: Buffer) {
    const root = chunkAt(data, 0);
    for (const chunk of childChunks(data, root)) {
      if (chunk.type === Chunk.stringPool) this.values = readStringPool(data, chunk);
      if (chunk.type !== Chunk.tablePackage) continue;
      const packageId = data.readUInt32LE(chunk.start + 8);
      for (const inner of childChunks(data, chunk)) {
        if (inner.type !== Chunk.tableType) continue;
        this.types.push({
          packageId,
          typeId: data[inner.start + 8] ?? 0,
          start: inner.start,
          headerSize: inner.headerSize,
          entryCount: data.readUInt32LE(inner.start + 12),
          entriesStart: data.readUInt32LE(inner.start + 16),
        });
      }
    }
  }

  /** The string a resource id stands for (a label, or a file path such as res/drawable/icon.png). */
  resolveString(id: number, depth = 0): string | undefined {
    if (depth > 5) return undefined;
    const packageId = id >>> 24;
    const typeId = (id >>> 16) & 0xff;
    const entry = id & 0xffff;
    for (const type of this.types) {
      if (type.packageId !== packageId || type.typeId !== typeId || entry >= type.entryCount) continue;
      const offset = this.data.readUInt32LE(type.start + type.headerSize + entry * 4);
      if (offset === NO_ENTRY) continue;
      const at = type.start + type.entriesStart + offset;
      if (this.data.readUInt16LE(at + 2) & COMPLEX_ENTRY) continue;
      const valueType = this.data[at + 8 + 3];
      const value = this.data.readUInt32LE(at + 8 + 4);
      if (valueType === ValueType.string) return this.values[value];
      if (valueType === ValueType.reference) return this.resolveString(value, depth + 1);
    }
    return undefined;
  }
}
