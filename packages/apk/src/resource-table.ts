import { childChunks, Chunk, chunkAt, readStringPool, ValueType } from './binary-chunks';

const NO_ENTRY = 0xffffffff;

/** A resource's value in one configuration: a file of the package, or a colour. */
export type ResourceValue = { density: number; sdk: number } & (
  { kind: 'file'; path: string } | { kind: 'color'; color: string }
);
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
    /** Screen density its configuration is for (dpi; 0 default, 0xfffe any, 0xffff none). */
    density: number;
    /** Android version its configuration needs (0: any). */
    sdk: number;
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
          // ResTable_config starts at offset 20: density at +14, sdkVersion at +24.
          density: data.readUInt16LE(inner.start + 20 + 14),
          sdk: data.readUInt16LE(inner.start + 20 + 24),
        });
      }
    }
  }

  /**
   * Every configuration's value of a resource, references followed: a file path (a string) or a
   * colour (`#aarrggbb`), with the density and Android version the configuration is for.
   */
  valuesOf(id: number, depth = 0): ResourceValue[] {
    if (depth > 5) return [];
    const found: ResourceValue[] = [];
    for (const { type, at } of this.entriesOf(id)) {
      const valueType = this.data[at + 8 + 3] ?? 0;
      const value = this.data.readUInt32LE(at + 8 + 4);
      const where = { density: type.density, sdk: type.sdk };
      if (valueType === ValueType.string) found.push({ ...where, kind: 'file', path: this.values[value] ?? '' });
      else if (valueType === ValueType.reference) found.push(...this.valuesOf(value, depth + 1));
      else if (valueType >= ValueType.colorArgb8 && valueType <= ValueType.colorRgb4)
        found.push({ ...where, kind: 'color', color: `#${value.toString(16).padStart(8, '0')}` });
    }
    return found;
  }

  /** The simple entries of a resource id in each configuration that has one. */
  private *entriesOf(id: number) {
    const packageId = id >>> 24;
    const typeId = (id >>> 16) & 0xff;
    const entry = id & 0xffff;
    for (const type of this.types) {
      if (type.packageId !== packageId || type.typeId !== typeId || entry >= type.entryCount) continue;
      const offset = this.data.readUInt32LE(type.start + type.headerSize + entry * 4);
      if (offset === NO_ENTRY) continue;
      const at = type.start + type.entriesStart + offset;
      if (this.data.readUInt16LE(at + 2) & COMPLEX_ENTRY) continue;
      yield { type, at };
    }
  }

  /** The string a resource id stands for (a label, or a file path such as res/drawable/icon.png). */
  resolveString(id: number, depth = 0): string | undefined {
    if (depth > 5) return undefined;
    for (const { at } of this.entriesOf(id)) {
      const valueType = this.data[at + 8 + 3];
      const value = this.data.readUInt32LE(at + 8 + 4);
      if (valueType === ValueType.string) return this.values[value];
      if (valueType === ValueType.reference) return this.resolveString(value, depth + 1);
    }
    return undefined;
  }
}
