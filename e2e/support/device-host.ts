import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sha256Hex, signRequestWithBodyHash } from '@cloudphone/contracts/access-key';
import { HostApiHeader } from '@cloudphone/device-host/host-api/host-api-signature';
import { freePort } from './stack';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface DeviceHostProcess {
  url: string;
  /** The host's own store (its phones as JSON documents). */
  dataDir: string;
  /** Calls the host API as its control plane does, signed with the host key. */
  call: <T>(method: string, path: string, body?: Buffer | string, type?: string) => Promise<T>;
  stop: () => Promise<void>;
}

/**
 * A device host in its own process (`npm run device-host`), on a fresh store, sharing `hostKey` with
 * the server that drives it (`DEVICE_HOSTS=name=url`, `EMBEDDED_HOST=false`).
 */
export async function startDeviceHost(hostKey: string): Promise<DeviceHostProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-e2e-host-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/device-host/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST_KEY: hostKey,
      HOST_PORT: String(port),
      HOST: '127.0.0.1',
      HOST_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`device host exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`device host did not start:\n${output}`);
    if (
      await fetch(`${url}/host-api/models`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    call: async <T>(method: string, path: string, body: Buffer | string = '', type = 'application/json') => {
      const time = String(Date.now());
      const bodySha256 = sha256Hex(body);
      const reply = await fetch(`${url}${path}`, {
        method,
        body: body.length > 0 ? new Uint8Array(Buffer.from(body)) : undefined,
        headers: {
          ...(body.length > 0 ? { 'content-type': type } : {}),
          [HostApiHeader.time]: time,
          [HostApiHeader.bodySha256]: bodySha256,
          [HostApiHeader.signature]: signRequestWithBodyHash(hostKey, method, path, time, bodySha256),
        },
      });
      const envelope = (await reply.json()) as { code: number; msg: string; data: T };
      if (envelope.code !== 0) throw new Error(`host API ${method} ${path}: ${envelope.code} ${envelope.msg}`);
      return envelope.data;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
