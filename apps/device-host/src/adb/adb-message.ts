/**
 * ADB's transport messages (the Android source's adb/protocol.txt): a 24-byte little-endian header —
 * command, arg0, arg1, data length, data checksum, magic (command XOR 0xffffffff) — then the data.
 */
export const AdbCommand = {
  CNXN: 0x4e584e43,
  AUTH: 0x48545541,
  OPEN: 0x4e45504f,
  OKAY: 0x59414b4f,
  CLSE: 0x45534c43,
  WRTE: 0x45545257,
} as const;

/** The first version whose data checksums may be zero; adb 29 speaks it. */
export const ADB_VERSION = 0x01000001;
const ADB_VERSION_CHECKSUMMED = 0x01000000;
/** The data a device takes in one message once connected (adbd's MAX_PAYLOAD since Android 9). */
export const ADB_MAX_DATA = 1024 * 1024;
/** What may be sent before the other side said its maxdata: CNXN and AUTH (MAX_PAYLOAD_V1). */
export const ADB_MAX_DATA_BEFORE_CONNECT = 4096;

export const AdbAuthType = { token: 1, signature: 2, publicKey: 3 } as const;

export const ADB_HEADER_BYTES = 24;

export interface AdbMessage {
  command: number;
  arg0: number;
  arg1: number;
  data: Buffer;
}

/** A broken message: the connection cannot stay in step and closes (protocol.txt). */
export class AdbProtocolError extends Error {}

/** Whether a connection of `version` still sends checksums (a client before 0x01000001). */
export const needsChecksum = (version: number) => version <= ADB_VERSION_CHECKSUMMED;

/** The header and data of a message, ready to write. */
export function encodeMessage(message: AdbMessage, withChecksum: boolean): Buffer {
  const header = Buffer.alloc(ADB_HEADER_BYTES);
  header.writeUInt32LE(message.command, 0);
  header.writeUInt32LE(message.arg0 >>> 0, 4);
  header.writeUInt32LE(message.arg1 >>> 0, 8);
  header.writeUInt32LE(message.data.length, 12);
  header.writeUInt32LE(withChecksum ? checksum(message.data) : 0, 16);
  header.writeUInt32LE((message.command ^ 0xffffffff) >>> 0, 20);
  return message.data.length === 0 ? header : Buffer.concat([header, message.data]);
}

/** The checksum old clients want: the sum of the data's bytes. */
function checksum(data: Buffer): number {
  let sum = 0;
  for (const byte of data) sum = (sum + byte) >>> 0;
  return sum;
}

/** Cuts the bytes a socket delivers into messages. */
export class AdbMessageReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxData: number = ADB_MAX_DATA) {}

  /** The messages `chunk` completes; a header that is not ADB's throws AdbProtocolError. */
  push(chunk: Buffer): AdbMessage[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const messages: AdbMessage[] = [];
    for (;;) {
      if (this.pendingBytes < ADB_HEADER_BYTES) return messages;
      const header = this.peek(ADB_HEADER_BYTES);
      const command = header.readUInt32LE(0);
      const length = header.readUInt32LE(12);
      if ((command ^ 0xffffffff) >>> 0 !== header.readUInt32LE(20)) throw new AdbProtocolError('bad magic');
      if (length > this.maxData) throw new AdbProtocolError(`message of ${length} bytes`);
      if (this.pendingBytes < ADB_HEADER_BYTES + length) return messages;
      const whole = this.take(ADB_HEADER_BYTES + length);
      messages.push({
        command,
        arg0: header.readUInt32LE(4),
        arg1: header.readUInt32LE(8),
        data: whole.subarray(ADB_HEADER_BYTES),
      });
    }
  }

  private peek(bytes: number): Buffer {
    if ((this.pending[0]?.length ?? 0) < bytes) this.pending = [Buffer.concat(this.pending)];
    return this.pending[0]!.subarray(0, bytes);
  }

  private take(bytes: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const taken = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes -= bytes;
    return taken;
  }
}
