import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendHugeBody, startServerProcess, type ServerProcess } from '@cloudphone/device-host/huge-body';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { ERRORS } from '@cloudphone/contracts/errors';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const MB = 1024 * 1024;

/**
 * Issue 47: a body is bounded before anything in it, or about it, is believed. The server runs as
 * `npm start` does, in a process of its own, so its memory is the server's alone.
 */
describe.skipIf(process.platform !== 'linux')('the API, sent bodies over their limits by a stranger', () => {
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-bodies-'));

  beforeAll(async () => {
    const env = { DATA_DIR: dataDir, EMBEDDED_HOST: 'false', SEED_DEMO: 'false', WEB_DIST: '' };
    server = await startServerProcess(MAIN, env, 'PORT');
  }, 40_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses 200 MB to a merchant-signed call unsigned with 413 and closes the connection, its memory flat', async () => {
    const attempt = await sendHugeBody(
      server.port,
      server.pid,
      'POST /api/merchant/open/message/send HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json',
      200 * MB,
    );
    expect(attempt.reply).toMatch(/^HTTP\/1.1 413 /);
    expect(attempt.reply).toMatch(/connection: close/i);
    expect(attempt.reply).toContain(`"code":${ResponseCode.INVALID_PARAMETER}`);
    expect(attempt.sent).toBeLessThan(32 * MB);
    expect(attempt.rssGrowth).toBeLessThan(16 * MB);
  });

  it('refuses a merchant call with no key before reading its body, however it is sent', async () => {
    // Chunked: no length to judge it by, so the headers are judged first and nothing is read.
    const reply = await fetch(`http://127.0.0.1:${server.port}/api/merchant/open/message/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"title":'));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { code: number }).code).toBe(ERRORS.merchantSignatureInvalid.code);
  });
});
