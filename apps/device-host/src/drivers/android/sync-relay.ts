import type { AdbSocket } from '@yume-chan/adb';
import type { AdbGate } from '../../adb/adb-gate';
import type { ServiceIo } from '../../adb/service-stream';
import { drainSend, sendChunks, Sync, SYNC_PATH_MAX, syncAsks, syncFail, syncMessage } from '../../adb/sync-protocol';
import type { WriteHold } from '../../adb/write-hold';

/**
 * `sync:` to a device's own adbd (issue 61): the client's requests are read on their way — each meets
 * the access table and the phone's locks as our emulated daemon's do (SEND writes, the rest read), and
 * a SEND holds the phone while its bytes flow — and the device's answers pass untouched.
 *
 * A refused request never reaches the device: the relay asks it to QUIT instead, so adbd answers what
 * came before and closes; then the client hears FAIL with the refusal, as the emulated daemon says it.
 * Returns whether a file was sent (the device's Files changed).
 */
export async function relaySync(io: ServiceIo, socket: AdbSocket, gate: AdbGate): Promise<boolean> {
  const writer = socket.writable.getWriter();
  const send = (bytes: Buffer) => writer.write(bytes);
  let hold: WriteHold | undefined;
  /** The hold lasts until the device answers the file's DONE: its bytes have landed then. */
  let landing = false;
  const release = async () => {
    const held = hold;
    hold = undefined;
    landing = false;
    await held?.release();
  };
  const reader = socket.readable.getReader();
  const answers = (async () => {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (landing) void release();
      await io.write(Buffer.from(read.value));
    }
  })()
    .catch(() => undefined)
    // The device closed the session (after a FAIL of its own): what the client still sends is not read.
    .finally(() => io.input.end());
  let sent = false;
  try {
    for (;;) {
      const header = await io.input.read(8);
      if (!header) break;
      const command = header.readUInt32LE(0);
      const length = header.readUInt32LE(4);
      if (command === Sync.QUIT) {
        await send(header);
        break;
      }
      const path = length <= SYNC_PATH_MAX ? await io.input.read(length) : null;
      if (!path) break;
      let refused = gate.refusalOf(syncAsks(command));
      if (!refused && command === Sync.SEND) {
        const held = await gate.holdForWrite();
        if (typeof held === 'string') refused = held;
        else hold = held;
      }
      if (refused) {
        if (command === Sync.SEND) await drainSend(io.input);
        await send(syncMessage(Sync.QUIT));
        await answers;
        await io.write(syncFail(refused));
        return sent;
      }
      await send(Buffer.concat([header, path]));
      if (command !== Sync.SEND) continue;
      let mtime = 0;
      for await (const data of sendChunks(
        io.input,
        (time) => (mtime = time),
        () => hold?.touch(),
      ))
        await send(Buffer.concat([syncMessage(Sync.DATA, 8, data.length), data]));
      landing = true;
      await send(syncMessage(Sync.DONE, 8, mtime));
      sent = true;
    }
  } catch {
    // The client went away (SyncEnd) or the device did (a write to it failed): the session ends.
  } finally {
    await release();
  }
  // The client went away or said QUIT (once it had every answer): the device's side is closed, and
  // not waited for — a daemon need not answer a CLSE with its own.
  await socket.close();
  await reader.cancel().catch(() => undefined);
  await answers;
  return sent;
}
