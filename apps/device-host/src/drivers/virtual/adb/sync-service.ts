import { createReadStream } from 'node:fs';
import type { Duplex } from 'node:stream';
import type { EmulatedPhone } from './emulated-phone';
import { FileProblem } from './file-problem';
import type { FileStat } from './phone-files';
import { serviceStream, type ServiceIo } from '../../../adb/service-stream';
import {
  drainSend,
  sendChunks,
  Sync,
  SYNC_DATA_MAX,
  SYNC_PATH_MAX,
  SyncEnd,
  syncAsks,
  syncFail,
  syncMessage,
} from '../../../adb/sync-protocol';

/**
 * `sync:` — adb push, pull and ls (SYNC.TXT): STAT / LIST / SEND / RECV and the v2 forms adb 29 uses
 * with stat_v2 and ls_v2 (STA2, LST2, LIS2), over the phone's files. A file sent to /sdcard shows in
 * the Files app; its bytes go to the host's blob cache, from where RECV reads them back.
 */
export function syncService(phone: EmulatedPhone): Duplex {
  return serviceStream(async (io) => {
    try {
      while (await request(io, phone));
    } catch (error) {
      if (!(error instanceof SyncEnd)) throw error;
    }
  });
}

/** Serves one request; false when the session ends. */
async function request(io: ServiceIo, phone: EmulatedPhone): Promise<boolean> {
  const header = await io.input.read(8);
  if (!header) return false;
  const command = header.readUInt32LE(0);
  const length = header.readUInt32LE(4);
  if (command === Sync.QUIT) return false;
  if (length > SYNC_PATH_MAX) return fail(io, 'path too long');
  const path = (await io.input.read(length))?.toString('utf8');
  if (path === undefined) return false;
  const refused = phone.refusalOf(syncAsks(command));
  if (refused) {
    // adbd reads what the client sends of a refused file before it says FAIL.
    if (command === Sync.SEND) await drainSend(io.input);
    return fail(io, refused);
  }
  switch (command) {
    case Sync.STAT:
      await io.write(statV1(stat(phone, path)));
      return true;
    case Sync.STA2:
    case Sync.LST2:
      await io.write(statV2(Sync[command === Sync.STA2 ? 'STA2' : 'LST2'], stat(phone, path)));
      return true;
    case Sync.LIST:
    case Sync.LIS2:
      await list(io, phone, path, command === Sync.LIS2);
      return true;
    case Sync.SEND:
      return send(io, phone, path);
    case Sync.RECV:
      return receive(io, phone, path);
  }
  return fail(io, `unknown command ${command.toString(16).padStart(8, '0')}`);
}

function stat(phone: EmulatedPhone, path: string): FileStat | FileProblem {
  try {
    return phone.files.stat(path);
  } catch (error) {
    if (error instanceof FileProblem) return error;
    throw error;
  }
}

/** STAT's answer: mode, size, mtime; all zero for a path that is not there. */
function statV1(found: FileStat | FileProblem): Buffer {
  const reply = Buffer.alloc(16);
  reply.writeUInt32LE(Sync.STAT, 0);
  if (found instanceof FileProblem) return reply;
  reply.writeUInt32LE(found.mode, 4);
  reply.writeUInt32LE(Math.min(found.size, 0xffffffff), 8);
  reply.writeUInt32LE(Math.floor(found.mtimeMs / 1000), 12);
  return reply;
}

/** STA2/LST2's answer (and DNT2's head): error, dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime. */
function statV2(command: number, found: FileStat | FileProblem, extra = 0): Buffer {
  const reply = Buffer.alloc(72 + extra);
  reply.writeUInt32LE(command, 0);
  if (found instanceof FileProblem) {
    reply.writeUInt32LE(found.errno, 4);
    return reply;
  }
  const seconds = BigInt(Math.floor(found.mtimeMs / 1000));
  reply.writeUInt32LE(found.mode, 24);
  reply.writeUInt32LE(1, 28);
  // Shared storage belongs to root and the sdcard_rw group, as on a handset.
  reply.writeUInt32LE(0, 32);
  reply.writeUInt32LE(1015, 36);
  reply.writeBigUInt64LE(BigInt(found.size), 40);
  for (const at of [48, 56, 64]) reply.writeBigInt64LE(seconds, at);
  return reply;
}

async function list(io: ServiceIo, phone: EmulatedPhone, path: string, v2: boolean): Promise<void> {
  let entries: { name: string; stat: FileStat }[] = [];
  try {
    // A folder's listing starts with itself and its parent, as readdir gives them (adb pull skips both).
    const here = phone.files.stat(path);
    const parent = phone.files.stat(`${phone.files.resolve(path)}/..`);
    entries = [{ name: '.', stat: here }, { name: '..', stat: parent }, ...phone.files.list(path)];
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
  }
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    let head: Buffer;
    if (v2) {
      head = statV2(Sync.DNT2, entry.stat, 4);
      head.writeUInt32LE(name.length, 72);
    } else {
      head = statV1(entry.stat);
      head.writeUInt32LE(Sync.DENT, 0);
      head = Buffer.concat([head, Buffer.alloc(4)]);
      head.writeUInt32LE(name.length, 16);
    }
    await io.write(Buffer.concat([head, name]));
  }
  // The end is a whole zeroed entry named DONE.
  await io.write(syncMessage(Sync.DONE, v2 ? 76 : 20));
}

/**
 * SEND `path,mode`: DATA chunks until DONE (whose length is the file's time), then OKAY or FAIL. The
 * phone is held while the bytes come (`holdForWrite`, issue 53); a refusal fails the push as adbd's do.
 */
async function send(io: ServiceIo, phone: EmulatedPhone, spec: string): Promise<boolean> {
  const comma = spec.lastIndexOf(',');
  if (comma < 0) return fail(io, 'missing , in ID_SEND');
  const path = spec.slice(0, comma);
  const problem = writeProblem(phone, path);
  const hold = problem ?? (await phone.holdForWrite());
  if (typeof hold === 'string') {
    await drainSend(io.input);
    return fail(io, hold);
  }
  let mtime = 0;
  try {
    await phone.files.write(
      path,
      sendChunks(
        io.input,
        (time) => (mtime = time),
        () => hold.touch(),
      ),
    );
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    return fail(io, `write failed: ${error.message}`);
  } finally {
    await hold.release();
  }
  // The file keeps the time the client gave it: adb push keeps the local file's.
  if (mtime > 0) phone.files.setTime(path, mtime * 1000);
  await io.write(syncMessage(Sync.OKAY));
  return true;
}

function writeProblem(phone: EmulatedPhone, path: string): string | null {
  try {
    phone.files.writable(path);
    return null;
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    return `couldn't create file: ${error.message}`;
  }
}

/** RECV `path`: DATA chunks of the file, then DONE; FAIL when it cannot be read. */
async function receive(io: ServiceIo, phone: EmulatedPhone, path: string): Promise<boolean> {
  let file: string;
  try {
    file = phone.files.read(path).file;
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    return fail(io, `open failed: ${error.message}`);
  }
  for await (const chunk of createReadStream(file, { highWaterMark: SYNC_DATA_MAX })) {
    if (io.closed) return false;
    const data = chunk as Buffer;
    await io.write(Buffer.concat([syncMessage(Sync.DATA, 8, data.length), data]));
  }
  await io.write(syncMessage(Sync.DONE));
  return true;
}

/** FAIL with a reason; adbd ends the session after one, and so does this one. */
async function fail(io: ServiceIo, reason: string): Promise<false> {
  await io.write(syncFail(reason));
  return false;
}
