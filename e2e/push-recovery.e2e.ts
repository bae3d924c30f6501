import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';
import * as files from '@cloudphone/contracts/endpoints/files/index';
import { UPLOAD_PATH } from '@cloudphone/contracts/files';
import { catalogueCall, signIn, type Parts } from './support/api';
import { startServer, type ServerProcess } from './support/stack';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';

const apk = readFileSync(GOLD_MINER_APK);
const UNDER_WAY = ['waiting_push', 'pushing', 'installing'];

/** A catalogue call's data on `server` with the user's headers. */
async function api<E extends Endpoint>(
  server: ServerProcess,
  headers: Record<string, string>,
  endpoint: E,
  parts: Parts<E> = {},
) {
  return (await catalogueCall(server.baseUrl, headers)(endpoint, parts)).data;
}

/** Uploads the test APK on the tus protocol, as the browser does; its library id. */
async function uploadApk(server: ServerProcess, headers: Record<string, string>): Promise<number> {
  const meta = (v: string) => Buffer.from(v).toString('base64');
  const sha256 = createHash('sha256').update(apk).digest('hex');
  const created = await fetch(`${server.baseUrl}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(apk.length),
      'upload-metadata': `filename ${meta('game.apk')},kind ${meta('app')},batchId ${meta('crash-round-1')},sha256 ${meta(sha256)}`,
    },
  });
  const finished = await fetch(`${server.baseUrl}${created.headers.get('location')}`, {
    method: 'PATCH',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: apk,
  });
  return ((await finished.json()) as { data: { fileId: number } }).data.fileId;
}

it(
  'finishes a push in flight after a kill -9 and a restart: every pair ends, none runs twice',
  { timeout: 90_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-push-crash-'));
    let server = await startServer(dataDir);
    try {
      let headers = await signIn(server.baseUrl);
      const fileId = await uploadApk(server, headers);
      const phones = (await api(server, headers, userPhone.list, { query: { pageSize: 100 } })).list.filter(
        (p) => !p.trial,
      );
      const userPhoneIds = phones.map((p) => p.userPhoneId);
      for (let tries = 0; tries < 50; tries++) {
        const list = (await api(server, headers, userPhone.list, { query: { pageSize: 100 } })).list;
        if (list.every((p) => p.status === 'online')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const { batchId } = await api(server, headers, files.push, {
        body: { fileIds: [fileId], userPhoneIds, install: true },
      });
      // Installing takes the host 1.5 s: the server dies with the push under way.
      const records = async () => (await api(server, headers, files.pushPage, { query: { batchId } })).list;
      await expect
        .poll(async () => (await records()).some((p) => p.state === 'installing'), { timeout: 5_000, interval: 50 })
        .toBe(true);
      expect((await records()).some((p) => UNDER_WAY.includes(p.state))).toBe(true);
      await server.crash();

      server = await startServer(dataDir);
      headers = await signIn(server.baseUrl);
      await expect
        .poll(async () => (await records()).filter((p) => UNDER_WAY.includes(p.state)), {
          timeout: 30_000,
          interval: 250,
        })
        .toEqual([]);
      expect((await records()).map((p) => p.state)).toEqual(userPhoneIds.map(() => 'install_success'));

      // One host task per pair, under the id the server chose for it: asked again after the restart, run once.
      const host = new SQLite(join(dataDir, 'device-host.sqlite'), { readonly: true });
      try {
        const tasks = host.prepare("select id, state from task where kind = 'push'").all() as {
          id: string;
          state: string;
        }[];
        expect(tasks).toHaveLength(userPhoneIds.length);
        expect(tasks.every((t) => t.state === 'success')).toBe(true);
        const apps = (host.prepare('select state from phone').all() as { state: string }[]).map(
          (row) =>
            (JSON.parse(row.state) as { apps: { packageName: string }[] }).apps.filter(
              (a) => a.packageName === 'com.example.miner',
            ).length,
        );
        expect(apps.filter((n) => n > 0)).toEqual(userPhoneIds.map(() => 1));
      } finally {
        host.close();
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
