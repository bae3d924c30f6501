import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APK_CONTENT_TYPE } from '../src/host-api/host-api-signature';
import { freePort, sendHugeBody } from '../testing/huge-body';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const MB = 1024 * 1024;

/** `npm run device-host` in a process of its own, so its memory is the host's alone. */
describe.skipIf(process.platform !== 'linux')('a standalone host on loopback, sent 256 MB by a stranger', () => {
  let host: ChildProcess;
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-port-'));

  beforeAll(async () => {
    port = await freePort();
    host = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        HOST_KEY: randomBytes(32).toString('hex'),
        HOST_PORT: String(port),
        HOST: '127.0.0.1',
        HOST_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    // Up once its liveness answers.
    for (let tries = 0; ; tries++) {
      const status = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (tries > 200 || host.exitCode !== null) throw new Error('the host did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 30_000);

  afterAll(async () => {
    if (host.exitCode === null) {
      host.kill('SIGTERM');
      await new Promise((resolve) => host.once('exit', resolve));
    }
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
    const attempt = await sendHugeBody(port, host.pid!, `${request}\r\nhost: 127.0.0.1`);
    expect(attempt.reply).toMatch(refusal);
    expect(attempt.reply).toMatch(/connection: close/i);
    // What the sockets' buffers hold on the way, not the body: the host stopped reading.
    expect(attempt.sent).toBeLessThan(32 * MB);
    expect(attempt.rssGrowth).toBeLessThan(16 * MB);
  });
});
