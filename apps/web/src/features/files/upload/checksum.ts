/** Bytes hashed at a time: a 2 GB file never sits in memory. */
const SLICE = 8 * 1024 * 1024;

/**
 * The SHA-256 of a file, read a slice at a time ("checking", spec §4): the server verifies the file it
 * receives against it. WebCrypto hashes only whole buffers, so an incremental WebAssembly hasher is
 * loaded with the upload code (never in the entry bundle).
 */
export async function sha256Of(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const { createSHA256 } = await import('hash-wasm');
  const hasher = await createSHA256();
  hasher.init();
  for (let offset = 0; offset < file.size; offset += SLICE) {
    hasher.update(new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer()));
    onProgress(Math.min(1, (offset + SLICE) / file.size));
  }
  onProgress(1);
  return hasher.digest('hex');
}
