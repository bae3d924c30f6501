import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APK_CONTENT_TYPE } from '../src/host-api/host-api-signature';
import { sendHugeBody, startServerProcess, type ServerProcess } from '../testing/huge-body';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const MB = 1024 * 1024;

/** `npm run device-host` in a process of its own, so its memory is the host's alone. */
describe.skipIf(process.platform !== 'linux')('a standalone host on loopback, sent 256 MB by a stranger', () => {
  let host: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-port-'));

  beforeAll(async () => {
    const env = { HOST_KEY: randomBytes(32).toString('hex'), HOST_DATA_DIR: dataDir };
    host = await startServerProcess(MAIN, env, 'HOST_PORT');
  }, 30_000);

  afterAll(async () => {
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [
      'an unsigned package upload',
      `POST /host-api/instances/cp-1/apks HTTP/1.1\r\ncontent-type: ${APK_CONTENT_TYPE}`,
      /"code":403/,
    ],
    ['an SDK call', 'POST /sdk/instance/reboot HTTP/1.1\r\ncontent-type: application/json', /"code":1001/],
    ['a URL no route serves', 'POST /upload HTTP/1.1\r\ncontent-type: application/octet-stream', / 404 /],
    ['a body on a stream URL', 'GET /stream/cp-1 HTTP/1.1', / 404 /],
  ])('refuses %s from its headers and closes the connection, its memory flat', async (_call, request, refusal) => {
    const attempt = await sendHugeBody(host.port, host.pid, `${request}\r\nhost: 127.0.0.1`);
    expect(attempt.reply).toMatch(refusal);
    expect(attempt.reply).toMatch(/connection: close/i);
    // What the sockets' buffers hold on the way, not the body: the host stopped reading.
    expect(attempt.sent).toBeLessThan(32 * MB);
    expect(attempt.rssGrowth).toBeLessThan(16 * MB);
  });
});
