import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/api';
import { DEMO, logInByPassword } from './support/accounts';
import { useBrowser } from './support/browser';
import { startDeviceHost, type DeviceHostProcess } from './support/device-host';
import { pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';
import { freePort, startServer, type ServerProcess } from './support/stack';

/**
 * Templates and clones (issue 15), the whole journey: an app and a note on phone A, a template of
 * A, cloned onto B and C — with the server killed while the clone runs — and the app in their
 * launchers and the note in their Notes, while A stays as it was. The phones live on a device host
 * of their own process, whose host API installs the app as the control plane would.
 */
const { openPage } = useBrowser();
const APK = readFileSync(resolve(import.meta.dirname, '../apps/device-host/test/fixtures/gold-miner.apk'));
const [A, B, C] = [1, 2, 3];
const NOTE = `shopping list ${Date.now() % 10_000}`;

interface StoredPhone {
  notes: string;
  clipboard: string;
  apps: { packageName: string }[];
  identity: { imei: string; model: string };
}

let host: DeviceHostProcess;
let server: ServerProcess;
let dataDir: string;
let env: Record<string, string>;
let api: ApiClient;
const instanceOf = new Map<number, string>();

/** The phones as the host keeps them (its store, read as a second reader). */
function storedPhones(): Map<string, StoredPhone> {
  const store = new SQLite(join(host.dataDir, 'device-host.sqlite'), { readonly: true });
  try {
    const rows = store.prepare('select instance_no, state from phone').all() as {
      instance_no: string;
      state: string;
    }[];
    return new Map(rows.map((r) => [r.instance_no, JSON.parse(r.state) as StoredPhone]));
  } finally {
    store.close();
  }
}

/** Until the phone runs (made, booted, restarted after a model change). */
async function online(userPhoneId: number): Promise<void> {
  const status = async () =>
    (await api.call<{ status: string }>('GET', `/api/device/user/phone/status?userPhoneId=${userPhoneId}`)).data.status;
  for (let tries = 0; tries < 75 && (await status()) !== 'online'; tries++)
    await new Promise((r) => setTimeout(r, 200));
  expect(await status()).toBe('online');
}

beforeAll(async () => {
  const hostKey = randomBytes(32).toString('hex');
  host = await startDeviceHost(hostKey);
  dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-e2e-templates-'));
  writeFileSync(join(dataDir, 'keys.json'), JSON.stringify({ tokenKey: randomBytes(32).toString('hex'), hostKey }));
  env = { EMBEDDED_HOST: 'false', DEVICE_HOSTS: `host1=${host.url}`, PORT: String(await freePort()) };
  server = await startServer(dataDir, env);
  api = await apiClient(server.baseUrl);
  for (const id of [A, B, C]) {
    const token = await api.call<{ instanceNo: string }>(
      'POST',
      `/api/device/user/phone/security-token?userPhoneId=${id}`,
    );
    instanceOf.set(id, token.data.instanceNo);
    await online(id);
  }
  // B and C pass for A's handset, so all three run A's Android version (a template clones onto its own only).
  const model = (
    await api.call<{ manufacturer: string; model: string }>(
      'GET',
      `/api/device/phone-mock-model/current?userPhoneId=${A}`,
    )
  ).data;
  for (const id of [B, C]) {
    const changed = await api.call('POST', '/api/device/phone-mock-model/mock', { userPhoneId: id, ...model });
    expect(changed.code).toBe(0);
  }
  for (const id of [B, C]) await online(id);
  // The app on A: installed by its host from the package, as a push does.
  await host.call(
    'POST',
    `/host-api/instances/${instanceOf.get(A)}/apks`,
    APK,
    'application/vnd.android.package-archive',
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await host?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function openPhone(page: Page, userPhoneId: number): Promise<void> {
  await page.goto(`${server.baseUrl}/app/phone-view/demo?userPhoneId=${userPhoneId}`);
  await waitForFrames(page);
  await showsLauncher(page, { pressHome: true });
}

/** Notes' text, read as its Copy button puts it on the phone's clipboard, which the page shows. */
async function noteOf(page: Page): Promise<string> {
  await tap(page, 0.625, 0.347); // the Notes icon
  await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5)))).toBeGreaterThan(230);
  await tap(page, 0.717, 0.078); // Copy
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.locator('.cp-tools-grid').getByRole('button', { name: 'Clipboard' }).click();
  const clipboard = page.getByTestId('device-clipboard');
  await expect.poll(() => clipboard.textContent()).not.toBe('');
  const text = (await clipboard.textContent()) ?? '';
  await page.locator('.adm-popup-close-icon').filter({ visible: true }).click();
  return text;
}

describe('templates and clones', () => {
  it('clones the app and the note of phone A onto B and C through a server crash, leaving A as it was', async () => {
    const before = storedPhones();
    const page = await openPage(`${server.baseUrl}/app/login/demo`);
    page.setDefaultTimeout(15_000);
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.waitForURL('**/app/demo');

    // A note on A, typed in its Notes.
    await openPhone(page, A);
    await tap(page, 0.625, 0.347);
    const keyboard = page.getByRole('textbox', { name: 'Text for the cloud phone' });
    await keyboard.waitFor({ state: 'visible' });
    await page.keyboard.insertText(NOTE);
    await expect.poll(() => storedPhones().get(instanceOf.get(A)!)?.notes).toBe(NOTE);
    await page.getByRole('button', { name: 'Home' }).click();

    // A template of A, from the phone view's tools.
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.locator('.cp-tools-grid').getByRole('button', { name: 'Make template' }).click();
    const popup = page.getByRole('dialog', { name: 'Make template' });
    await popup.getByRole('textbox', { name: 'Template name' }).fill('Game farm');
    await popup.getByRole('button', { name: 'Make template' }).click();
    const card = page.getByRole('article', { name: 'Game farm' });
    await card.getByText('Ready').waitFor({ timeout: 20_000 });

    // Cloned onto B and C, each phone's progress shown.
    await card.getByRole('button', { name: 'Clone' }).click();
    await page.getByRole('checkbox', { name: /Cloud phone 2/ }).click();
    await page.getByRole('checkbox', { name: /Cloud phone 3/ }).click();
    await page.getByRole('button', { name: 'Clone onto 2 phones' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Clone' }).click();
    await expect.poll(() => page.getByTestId('clone-target').count()).toBe(2);

    // The server dies while the phones are cloned; started again, it finishes the clone and frees them.
    await server.crash();
    server = await startServer(dataDir, env);
    await page.getByRole('status').getByText('Cloned').waitFor({ timeout: 30_000 });

    for (const id of [B, C]) {
      await openPhone(page, id);
      // The app is in the launcher (fifth icon): it opens to its splash.
      await tap(page, 0.125, 0.503);
      await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.85)))).toBeGreaterThan(230);
      await page.getByRole('button', { name: 'Home' }).click();
      await showsLauncher(page);
      expect(await noteOf(page)).toBe(NOTE);
    }

    const after = storedPhones();
    const a = after.get(instanceOf.get(A)!)!;
    expect(a.notes).toBe(NOTE);
    expect(a.apps.map((app) => app.packageName)).toEqual(['com.example.miner']);
    expect(a.identity).toEqual(before.get(instanceOf.get(A)!)!.identity);
    for (const id of [B, C])
      expect(after.get(instanceOf.get(id)!)!.identity).toEqual(before.get(instanceOf.get(id)!)!.identity);
  }, 240_000);
});
