import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes `bytes` to `file`, hashing them on the way (DESIGN §10: files are named by their SHA-256), and
 * tells `onBytes` how many have passed so far. The host's cache and the server's blob store both keep
 * files this way, so a file is read once, not once to write and again to hash.
 */
export async function writeHashed(
  bytes: Readable | AsyncIterable<Buffer>,
  file: string,
  onBytes?: (received: number) => void,
  /** A count that may stop the write (the host's disk floor, issue 47). */
  limit: Transform = new PassThrough(),
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      size += chunk.length;
      hash.update(chunk);
      onBytes?.(size);
      next(null, chunk);
    },
  });
  await pipeline(bytes, limit, meter, createWriteStream(file));
  return { sha256: hash.digest('hex'), size };
}
