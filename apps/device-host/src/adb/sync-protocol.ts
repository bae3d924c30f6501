import type { AdbOperation } from '@cloudphone/contracts/adb';
import type { ByteReader } from './byte-reader';

/** The sync protocol's ids (the Android source's adb/file_sync_protocol.h): four letters, read little-endian. */
const id = (name: string) => Buffer.from(name, 'latin1').readUInt32LE(0);
export const Sync = {
  STAT: id('STAT'),
  STA2: id('STA2'),
  LST2: id('LST2'),
  LIST: id('LIST'),
  LIS2: id('LIS2'),
  DENT: id('DENT'),
  DNT2: id('DNT2'),
  SEND: id('SEND'),
  RECV: id('RECV'),
  DONE: id('DONE'),
  DATA: id('DATA'),
  OKAY: id('OKAY'),
  FAIL: id('FAIL'),
  QUIT: id('QUIT'),
};

/**
 * What a request asks of the phone (issue 53), checked once before it is served — by our emulated
 * daemon and by the relay to a device's own alike: SEND writes, the rest read.
 */
export const syncAsks = (command: number): AdbOperation => (command === Sync.SEND ? 'write' : 'read');

/** The longest path a request names, and the largest DATA chunk either side sends. */
export const SYNC_PATH_MAX = 1024;
export const SYNC_DATA_MAX = 64 * 1024;

/** Ends the sync session: adbd closes the stream after a failure, and so do ours. */
export class SyncEnd extends Error {}

/** An 8-byte sync message: id and length (or a longer zeroed one, as LIST's DONE is a whole DENT). */
export function syncMessage(command: number, bytes = 8, length = 0): Buffer {
  const message = Buffer.alloc(bytes);
  message.writeUInt32LE(command, 0);
  message.writeUInt32LE(length, 4);
  return message;
}

/** FAIL with a reason: adb prints it, and the session ends. */
export function syncFail(reason: string): Buffer {
  const text = Buffer.from(reason);
  return Buffer.concat([syncMessage(Sync.FAIL, 8, text.length), text]);
}

/** The DATA chunks of a SEND, as they come (each told to `flowing`); the DONE's time goes to `done`. */
export async function* sendChunks(
  input: ByteReader,
  done: (mtime: number) => void,
  flowing: () => void = () => undefined,
): AsyncGenerator<Buffer> {
  for (;;) {
    const header = await input.read(8);
    if (!header) throw new SyncEnd('the client went away');
    const command = header.readUInt32LE(0);
    const length = header.readUInt32LE(4);
    if (command === Sync.DONE) return done(length);
    if (command !== Sync.DATA || length > SYNC_DATA_MAX) throw new SyncEnd('invalid data message');
    const data = await input.read(length);
    if (!data) throw new SyncEnd('the client went away');
    flowing();
    yield data;
  }
}

/** Reads what the client sends of a refused file, until its DONE, as adbd does before it says FAIL. */
export async function drainSend(input: ByteReader): Promise<void> {
  try {
    for await (const _ of sendChunks(input, () => undefined));
  } catch {
    // The session ends with the FAIL anyway.
  }
}
