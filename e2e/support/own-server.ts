import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type ServerProcess } from './stack';

/**
 * A server of the test file's own, on a data folder of its own, started before its tests and removed
 * after them: for what would change the shared server's demo for the other files (a client's theme, its
 * only host drained, a broadcast to every customer).
 */
export function useOwnServer(name: string): () => ServerProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `cloudphone-${name}-`));
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await startServer(dataDir);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return () => server!;
}
