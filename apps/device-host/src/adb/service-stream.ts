import { Duplex } from 'node:stream';
import { ByteReader } from './byte-reader';

/** What a service of the emulated daemon works with: the client's bytes in, its own bytes out. */
export interface ServiceIo {
  input: ByteReader;
  /** Sends bytes to the client; resolves once they may be followed by more (adb's flow control). */
  write(bytes: Buffer | string): Promise<void>;
  /** Whether the client went away: a long service stops. */
  readonly closed: boolean;
}

/**
 * A service as the front door carries it: a duplex whose writable side feeds `input` and whose
 * readable side is what `run` writes; the stream ends when `run` does.
 */
export function serviceStream(run: (io: ServiceIo) => Promise<void>): Duplex {
  const input = new ByteReader();
  let readWanted: (() => void) | undefined;
  let closed = false;
  const stream = new Duplex({
    write(chunk: Buffer, _encoding, done) {
      input.push(chunk);
      input.whenRoom(() => done());
    },
    final(done) {
      input.end();
      done();
    },
    read() {
      const wanted = readWanted;
      readWanted = undefined;
      wanted?.();
    },
    destroy(error, done) {
      closed = true;
      input.end();
      readWanted?.();
      done(error);
    },
  });
  const io: ServiceIo = {
    input,
    async write(bytes) {
      if (closed || bytes.length === 0) return;
      if (!stream.push(typeof bytes === 'string' ? Buffer.from(bytes) : bytes))
        await new Promise<void>((resolve) => (readWanted = resolve));
    },
    get closed() {
      return closed;
    },
  };
  // A service's own failure ends its stream as a closed one would: adb shows the output so far.
  void run(io)
    .catch(() => undefined)
    .finally(() => !closed && stream.push(null));
  return stream;
}
