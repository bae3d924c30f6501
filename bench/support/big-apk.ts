import { createWriteStream } from 'node:fs';
import { crc32 } from 'node:zlib';
import { bufferSource, readZip } from '@cloudphone/apk';

/**
 * Writes an APK of about `bytes`: the test fixture's entries (manifest, resources, icon) stored
 * uncompressed, plus one asset of pseudo-random bytes to make up the size — a real package as far as
 * the server's parser and the host's installer are concerned, as large as a game.
 */
export async function writeBigApk(fixture: Buffer, bytes: number, path: string): Promise<void> {
  const entries = [...readZip(bufferSource(fixture))].map(([name, read]) => ({ name, data: read() }));
  const filler = Buffer.alloc(Math.max(0, bytes - fixture.length) & ~3);
  for (let i = 0; i < filler.length; i += 4) filler.writeUInt32LE(Math.imul(i, 2654435761) >>> 0, i);
  entries.push({ name: 'assets/level.bin', data: filler });
  const out = createWriteStream(path);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (e) => (e ? reject(e) : resolve())));
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, nameBytes);
    await write(Buffer.concat([local, nameBytes]));
    await write(data);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(Buffer.concat([directory, end]));
  await new Promise<void>((resolve) => out.end(resolve));
}
