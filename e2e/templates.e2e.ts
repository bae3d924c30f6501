import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mockModel from '@cloudphone/contracts/endpoints/device/phone-mock-model';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { apiClient, type ApiClient } from './support/api';
import { DEMO, logInByPassword } from './support/accounts';
import { useBrowser } from './support/browser';
import { pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';
import { freePort, startServer, type ServerProcess } from './support/stack';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';

/**
 * Templates and clones (issue 15), the whole journey: an app uploaded to phone A and a note typed on
 * it, a template of A, cloned onto B and C — with the server and its device host killed while the
 * clone runs — and the app in their launchers and the note in their Notes, while A stays as it was.
 * A server of its own (the crash must not touch the suite's), on a fresh data folder.
 */
const { openPage } = useBrowser();
const APK = GOLD_MINER_APK;
const [A, B, C] = [1, 2, 3];
const NOTE = `shopping list ${Date.now() % 10_000}`;

interface StoredPhone {
  notes: string;
  clipboard: string;
  apps: { packageName: string }[];
  identity: { imei: string; model: string };
}

let server: ServerProcess;
let dataDir: string;
let env: Record<string, string>;
let api: ApiClient;
const instanceOf = new Map<number, string>();

/** The phones as the device host keeps them (its store in the data folder, read as a second reader). */
function storedPhones(): Map<string, StoredPhone> {
  const store = new SQLite(join(dataDir, 'device-host.sqlite'), { readonly: true });
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
  const status = async () => (await api.call(userPhone.status, { query: { userPhoneId } })).data.status;
  for (let tries = 0; tries < 75 && (await status()) !== 'online'; tries++)
    await new Promise((r) => setTimeout(r, 200));
  expect(await status()).toBe('online');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-e2e-templates-'));
  // A port of its own, kept through the restart: the browser's pages stay on it.
  env = { PORT: String(await freePort()) };
  server = await startServer(dataDir, env);
  api = await apiClient(server.baseUrl);
  for (const id of [A, B, C]) {
    const token = await api.call(userPhone.securityToken, { query: { userPhoneId: id } });
    instanceOf.set(id, token.data.instanceNo);
    await online(id);
  }
  // B and C pass for A's handset, so all three run A's Android version (a template clones onto its own only).
  const model = (await api.call(mockModel.current, { query: { userPhoneId: A } })).data;
  for (const id of [B, C]) {
    const changed = await api.call(mockModel.mock, { body: { userPhoneId: id, ...model } });
    expect(changed.code).toBe(0);
  }
  for (const id of [B, C]) await online(id);
}, 120_000);

afterAll(async () => {
  await server?.stop();
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
  it('clones the app and the note of phone A onto B and C through a crash, leaving A as it was', async () => {
    const before = storedPhones();
    const page = await openPage(`${server.baseUrl}/app/login/demo`);
    page.setDefaultTimeout(15_000);
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.waitForURL('**/app/demo');

    // An app on A, uploaded from its phone view and installed.
    await openPhone(page, A);
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.locator('.cp-tools-grid').getByRole('button', { name: 'Upload' }).click();
    await page.getByTestId('pick-app').setInputFiles(APK);
    await expect
      .poll(() => page.getByTestId('push-row').first().getAttribute('data-state'), { timeout: 30_000 })
      .toBe('install_success');
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    // A note on A, typed in its Notes.
    await showsLauncher(page, { pressHome: true });
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

    // The server and its host die while the phones are cloned; started again, they finish the clone and free them.
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
    // The user leaves before this file's own server stops.
    await page.context().close();
  }, 240_000);
});
