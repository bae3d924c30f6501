import type { ByteReader } from './byte-reader';

/**
 * adb's shell protocol (shell_v2; the Android source's adb/shell_protocol.h): every packet is an id
 * byte and a 4-byte little-endian length, then the data. It carries stdin, stdout and stderr apart,
 * the exit code, and the end of stdin.
 */
export const ShellPacket = {
  stdin: 0,
  stdout: 1,
  stderr: 2,
  exit: 3,
  closeStdin: 4,
  windowSizeChange: 5,
} as const;

/** A packet's bytes. */
export function shellPacket(id: number, data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(id, 0);
  header.writeUInt32LE(data.length, 1);
  return Buffer.concat([header, data]);
}

/** What the client sends on a shell_v2 stream: stdin's bytes go to `stdin`, its end ends it. */
export async function readClientPackets(from: ByteReader, stdin: ByteReader): Promise<void> {
  for (;;) {
    const header = await from.read(5);
    if (!header) break;
    const data = await from.read(header.readUInt32LE(1));
    if (!data) break;
    const id = header.readUInt8(0);
    if (id === ShellPacket.stdin) stdin.push(data);
    else if (id === ShellPacket.closeStdin) stdin.end();
    // A window size change means nothing to a shell with no screen of its own.
  }
  stdin.end();
}
