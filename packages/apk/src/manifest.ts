import { childChunks, Chunk, chunkAt, readStringPool, ValueType } from './binary-chunks';
import { PackageParseError } from './zip';

/** An attribute value from the manifest: text, a number, or a reference to a resource. */
export type ManifestValue =
  { kind: 'string'; value: string } | { kind: 'number'; value: number } | { kind: 'reference'; id: number };

export interface ManifestElement {
  name: string;
  attributes: Map<string, ManifestValue>;
}

/** android:* attributes by resource id, for manifests whose attribute names were stripped. */
const ANDROID_ATTRIBUTES: Record<number, string> = {
  0x01010001: 'label',
  0x01010002: 'icon',
  0x01010003: 'name',
  0x0101021b: 'versionCode',
  0x0101021c: 'versionName',
  0x01010199: 'drawable',
};

/** The start elements of a binary XML file (AXML): the manifest, or a drawable such as an adaptive icon. */
export function readManifest(data: Buffer): ManifestElement[] {
  const root = chunkAt(data, 0);
  if (root.type !== Chunk.xml) throw new PackageParseError('AndroidManifest.xml is not binary XML');
  let strings: string[] = [];
  let resourceIds: number[] = [];
  const elements: ManifestElement[] = [];
  for (const chunk of childChunks(data, root)) {
    if (chunk.type === Chunk.stringPool) strings = readStringPool(data, chunk);
    else if (chunk.type === Chunk.xmlResourceMap) {
      resourceIds = Array.from({ length: (chunk.size - chunk.headerSize) / 4 }, (_, i) =>
        data.readUInt32LE(chunk.start + chunk.headerSize + i * 4),
      );
    } else if (chunk.type === Chunk.xmlStartElement) {
      const ext = chunk.start + chunk.headerSize;
      const name = strings[data.readUInt32LE(ext + 4)] ?? '';
      const attributeStart = data.readUInt16LE(ext + 8);
      const attributeSize = data.readUInt16LE(ext + 10);
      const count = data.readUInt16LE(ext + 12);
      const attributes = new Map<string, ManifestValue>();
      for (let i = 0; i < count; i++) {
        const at = ext + attributeStart + i * attributeSize;
        const nameIndex = data.readUInt32LE(at + 4);
        const attrName = strings[nameIndex] || ANDROID_ATTRIBUTES[resourceIds[nameIndex] ?? 0] || '';
        const raw = data.readInt32LE(at + 8);
        const type = data[at + 15];
        const value = data.readUInt32LE(at + 16);
        if (type === ValueType.string || raw >= 0)
          attributes.set(attrName, { kind: 'string', value: strings[type === ValueType.string ? value : raw] ?? '' });
        else if (type === ValueType.reference) attributes.set(attrName, { kind: 'reference', id: value });
        else if (type === ValueType.intDec || type === ValueType.intHex)
          attributes.set(attrName, { kind: 'number', value });
      }
      elements.push({ name, attributes });
    }
  }
  return elements;
}
