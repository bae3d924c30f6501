import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { AboutApp, ClientFunction } from '@cloudphone/contracts/client';
import type { Product } from '@cloudphone/contracts/commerce';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { createRepositories } from '../src/repositories/index';
import { codeOf, dataOf, tenantHeaders } from './helpers/requests';
import { ERRORS, errorMessage } from '@cloudphone/contracts/errors';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { HOST_JOIN_PATH } from '@cloudphone/contracts/host-registry';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
// The tsx that `npx tsx` resolves to, started directly: npx itself adds a second per command.
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-cli-'));

interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …` as an operator runs it, against a SQLite file in a temporary data folder. */
async function admin(...args: string[]): Promise<CliResult> {
  return adminIn(dataDir, ...args);
}

async function adminIn(folder: string, ...args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: folder, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.ADB_PORTS;
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['apps/server/src/cli/main.ts', ...args], {
      cwd: repoRoot,
      env,
    });
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { exitCode: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('admin CLI', () => {
  it('creates and configures a client that the server then serves', { timeout: 60_000 }, async () => {
    for (const args of [
      ['seed-demo'],
      ['client:create', '--tenant', '1', '--client-no', 'shop2', '--name', 'Shop'],
      ['client:function', '--client-no', 'shop2', '--key', 'clone_button', '--enable', 'true'],
      ['client:theme', '--client-no', 'shop2', '--theme', 'tenant100'],
      ['config:set', '--tenant', '1', '--key', 'give.batch.count', '--value', '3'],
    ]) {
      const result = await admin(...args);
      expect(result.exitCode, `${args.join(' ')}\n${result.stderr}`).toBe(0);
    }

    const app = await buildApp({ db: openDatabase(join(dataDir, 'cloudphone.sqlite')) });
    try {
      const headers = await tenantHeaders(app, 'shop2');
      const functions = dataOf<ClientFunction[]>(
        await app.inject({ url: '/api/merchant/client-function/list', headers }),
      );
      expect(functions.map((fn) => fn.key).sort()).toEqual(['activation_code', 'clone_button', 'product_buy']);

      const about = dataOf<AboutApp>(await app.inject({ url: '/api/merchant/client/get-about-app?clientNo=shop2' }));
      expect(about).toMatchObject({ clientName: 'Shop', theme: 'tenant100', aiMode: false });

      const limits = dataOf(await app.inject({ url: '/api/merchant/config/getKeys?keys=give.batch.count', headers }));
      expect(limits).toEqual({ 'give.batch.count': 3 });
    } finally {
      await app.close();
    }
  });

  it('names catalogue texts in both languages (issue 10 §4)', { timeout: 60_000 }, async () => {
    for (const args of [
      ['seed-demo'],
      ['catalogue:name', '--client-no', 'demo', '--grade', 'standard', '--name-zh', '基础版', '--name-en', 'Basic'],
      [
        'package:add',
        '--client-no',
        'demo',
        '--grade',
        'standard',
        '--name-zh',
        '周卡',
        '--name-en',
        'Week pass',
      ].concat(['--days', '7', '--price', '500']),
      ['agreement:set', '--client-no', 'demo', '--type', 'user', '--name-zh', '服务条款', '--name-en', 'Terms'].concat([
        '--content-zh',
        '<p>条款</p>',
        '--content-en',
        '<p>Terms</p>',
      ]),
    ]) {
      const result = await admin(...args);
      expect(result.exitCode, `${args.join(' ')}\n${result.stderr}`).toBe(0);
    }
    expect((await admin('package:list', '--client-no', 'demo')).stdout).toContain('standard\t基础版 / Basic');

    const app = await buildApp({ db: openDatabase(join(dataDir, 'cloudphone.sqlite')) });
    try {
      const headers = await tenantHeaders(app, 'demo');
      const shown = async (language: string) => {
        const inLanguage = { ...headers, 'accept-language': language };
        const [standard] = dataOf<Product[]>(await app.inject({ url: '/api/trade/product/list', headers: inLanguage }));
        const about = dataOf<AboutApp>(
          await app.inject({ url: '/api/merchant/client/get-about-app?clientNo=demo', headers: inLanguage }),
        );
        const added = standard?.packages.find((p) => p.priceCents === 500);
        const agreement = dataOf<{ content: string }>(
          await app.inject({ url: '/api/cms/agreement/get-content?type=1&clientNo=demo', headers: inLanguage }),
        );
        return [standard?.name, added?.name, about.firstAgreement?.name, agreement.content];
      };
      expect(await shown('zh-CN')).toEqual(['基础版', '周卡', '服务条款', '<p>条款</p>']);
      expect(await shown('en-US')).toEqual(['Basic', 'Week pass', 'Terms', '<p>Terms</p>']);
    } finally {
      await app.close();
    }
  });

  it('says when it opens an empty database, which is likely not the server’s', { timeout: 30_000 }, async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'cloudphone-cli-empty-'));
    try {
      const empty = await adminIn(elsewhere, 'tenant:list');
      expect(empty.exitCode).toBe(0);
      expect(empty.stderr).toContain(
        `database at ${join(elsewhere, 'cloudphone.sqlite')} is empty — is DATA_DIR right?`,
      );
      expect((await admin('tenant:list')).stderr).not.toContain('is empty');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it(
    'makes no data folder where it runs: without one it says so and changes nothing',
    { timeout: 30_000 },
    async () => {
      const nowhere = join(tmpdir(), `cloudphone-cli-none-${process.pid}`);
      const refused = await adminIn(nowhere, 'tenant:list');
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toContain(`no data folder at ${nowhere}`);
      expect(existsSync(nowhere)).toBe(false);
    },
  );

  it(
    'makes a join token a host joins with once, drains it and lists hosts (issue 32)',
    { timeout: 60_000 },
    async () => {
      const made = await admin('host:token', '--name', 'gz-1', '--minutes', '5');
      expect(made.exitCode, made.stderr).toBe(0);
      const token = /join token .*: (cpj_\S+)/.exec(made.stdout)?.[1];
      const app = await buildApp({ db: openDatabase(join(dataDir, 'cloudphone.sqlite')) });
      try {
        const host = {
          url: 'http://10.0.0.5:8090',
          capacity: 50,
          region: 'cn-south',
          adb: { address: '10.0.0.5', ports: { from: 40000, to: 40049 } },
        };
        const join = () => app.inject({ method: 'POST', url: HOST_JOIN_PATH, payload: { token, host } });
        expect(dataOf(await join())).toMatchObject({ name: 'gz-1', key: expect.stringMatching(/^[0-9a-f]{64}$/) });
        expect(codeOf(await join())).toBe(ERRORS.forbidden.code);
      } finally {
        await app.close();
      }
      expect((await admin('host:drain', '--name', 'gz-1')).stdout).toContain('gz-1 is draining');
      // Joined but not beating yet: offline.
      expect((await admin('host:list')).stdout).toContain(
        'gz-1\toffline, draining\t0/50 phones\tcn-south\thttp://10.0.0.5:8090\tadb 10.0.0.5:40000-40049',
      );
    },
  );

  it(
    'runs the README’s admin block: the tenant id tenant:create prints is the one the next commands take',
    { timeout: 60_000 },
    async () => {
      const created = await admin('tenant:create', '--name', 'My shop');
      expect(created.exitCode, created.stderr).toBe(0);
      const tenantId = /tenant (\d+) created/.exec(created.stdout)?.[1];
      expect(tenantId).toBeDefined();
      const client = await admin('client:create', '--tenant', tenantId!, '--client-no', 'myshop', '--name', 'My Cloud');
      expect(client.exitCode, client.stderr).toBe(0);
      // Its after-commit work done before the CLI's database closes: no stack, exit 0 (issue 48).
      const sent = await admin('message:send', '--tenant', tenantId!, '--title', 'Maintenance', '--content', 'Tonight');
      expect([sent.exitCode, sent.stderr]).toEqual([0, '']);
    },
  );

  it(
    'says an unknown tenant in one line of catalogue text, never a stack, and exits 1',
    { timeout: 30_000 },
    async () => {
      const refused = await admin('config:set', '--tenant', '99999', '--key', 'give.batch.count', '--value', '3');
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toBe(`${ERRORS.tenantNotFound['en-US']}\n`);
    },
  );

  it(
    'leaves the host’s ADB range as the server set it (a command run without ADB_PORTS)',
    { timeout: 30_000 },
    async () => {
      const db = openDatabase(join(dataDir, 'cloudphone.sqlite'));
      const range = { address: '127.0.0.1', ports: { from: 18560, to: 18599 } };
      try {
        await createRepositories(db).deviceHosts.register('embedded', 'http://127.0.0.1:8080', range, Date.now());
        expect((await admin('tenant:list')).exitCode).toBe(0);
        expect((await createRepositories(db).deviceHosts.findByName('embedded'))?.adb).toEqual(range);
      } finally {
        await db.destroy();
      }
    },
  );

  it(
    'ships a default key map with a game, and refuses one that breaks a rule in the catalogue’s words (issue 65)',
    {
      timeout: 60_000,
    },
    async () => {
      const added = await admin('game:add', '--client-no', 'demo', '--apk', GOLD_MINER_APK);
      const gameId = /game (\d+) added/.exec(added.stdout)?.[1];
      expect(gameId, added.stderr).toBeDefined();
      const file = join(dataDir, 'key-map.json');
      const map = { toggleKey: 'Backquote', controls: [{ kind: 'tap', key: 'J', x: 0.5, y: 0.6 }] };
      writeFileSync(file, JSON.stringify(map));
      const shipped = await admin('game:keymap', '--client-no', 'demo', '--id', gameId!, '--file', file);
      expect([shipped.exitCode, shipped.stdout]).toEqual([0, 'key map of 1 controls shipped\n']);
      writeFileSync(file, JSON.stringify({ ...map, toggleKey: 'J' }));
      const refused = await admin('game:keymap', '--client-no', 'demo', '--id', gameId!, '--file', file);
      expect([refused.exitCode, refused.stderr]).toEqual([1, `${errorMessage('keyMapKeyTaken', 'en-US', 'J')}\n`]);
    },
  );

  it('exits with code 2 and the usage on a mistaken call', { timeout: 30_000 }, async () => {
    const result = await admin('client:theme', '--client-no', 'shop2', '--theme', 'purple');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--theme must be one of: default, tenant100');
    expect(result.stderr).toContain('usage: npm run admin -- client:theme');
  });
});
