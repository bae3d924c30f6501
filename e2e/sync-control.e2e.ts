import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as sync from '@cloudphone/contracts/endpoints/device/sync';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { apiClient, type ApiClient } from './support/api';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';
import {
  followerPicture,
  isLauncherBlue,
  pixel,
  showsLauncher,
  syncOpensNotes,
  tap,
  waitForFrames,
} from './support/phone-screen';
import { startServer, type ServerProcess } from './support/stack';

const { openPage } = useBrowser();

/** Three phones of one aspect ratio at three resolutions: one gesture, as fractions, lands alike on each. */
const RESOLUTIONS = [
  { width: 540, height: 960, dpi: 240 },
  { width: 720, height: 1280, dpi: 320 },
  { width: 1080, height: 1920, dpi: 480 },
];

describe('sync control in the browser (issue 26)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-sync-'));
  let server: ServerProcess;
  let api: ApiClient;
  let page: Page;
  let phoneIds: number[];

  beforeAll(async () => {
    server = await startServer(dataDir);
    api = await apiClient(server.baseUrl);
    const phones = (await api.call(userPhone.list, { query: { pageSize: 100 } })).data.list.filter((p) => !p.trial);
    phoneIds = phones.slice(0, 3).map((p) => p.userPhoneId);
    // Each phone at its resolution; the change restarts it.
    for (const [i, id] of phoneIds.entries())
      await api.call(userPhone.setResolution, { body: { userPhoneId: id, ...RESOLUTIONS[i]! } });
    // Each restarts to apply it: wait until all three run at their new size.
    const ready = async () =>
      (await api.call(userPhone.list, { query: { pageSize: 100 } })).data.list
        .filter((p) => phoneIds.includes(p.userPhoneId))
        .map((p) => `${p.resolution}:${p.status}`)
        .sort()
        .join(' ');
    const deadline = Date.now() + 30_000;
    while ((await ready()) !== '1080×1920:online 540×960:online 720×1280:online' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 500));
    page = await openPage(`${server.baseUrl}/app/login/demo`);
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.waitForURL('**/app/demo');
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('replays taps and typing on the main on its followers, not on a paused one; ending frees them', async () => {
    await page.goto(`${server.baseUrl}/app/sync-control/demo`);
    const rows = page.getByTestId('picker-phone');
    for (const id of phoneIds) {
      const name = (await api.call(userPhone.list, { query: { pageSize: 100 } })).data.list.find(
        (p) => p.userPhoneId === id,
      )!.name;
      await rows.filter({ hasText: name }).first().click();
    }
    await page.getByRole('button', { name: 'Start sync' }).click();
    // Notes tapped on the main opens on both followers.
    await syncOpensNotes(page);

    // Typing on the main writes the note on both followers.
    const before = await Promise.all([0, 1].map(async (i) => (await followerPicture(page, i)).dark));
    await page
      .getByRole('textbox', { name: 'Text for the cloud phone' })
      .pressSequentially('Sync control works on all three phones');
    for (const i of [0, 1])
      await expect
        .poll(async () => (await followerPicture(page, i)).dark, { timeout: 15_000 })
        .toBeGreaterThan(before[i]! + 25);

    // A paused follower does not follow: Home on the main takes the other back to the launcher only.
    const followers = page.getByTestId('sync-follower');
    await followers.nth(0).getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => followers.nth(0).getAttribute('data-paused')).toBe('true');
    await page.getByTestId('sync-main-screen').press('Home');
    await expect.poll(async () => (await followerPicture(page, 1)).blue, { timeout: 15_000 }).toBe(true);
    expect((await followerPicture(page, 0)).light).toBe(true);

    // Ending sync frees every phone: the list no longer shows them in sync.
    await page.getByRole('button', { name: 'End sync' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End sync' }).click();
    await page.getByRole('button', { name: 'Start sync' }).waitFor();
    const statuses = (await api.call(userPhone.list, { query: { pageSize: 100 } })).data.list
      .filter((p) => phoneIds.includes(p.userPhoneId))
      .map((p) => p.status);
    expect(statuses).toEqual(['online', 'online', 'online']);
  }, 90_000);

  it('refuses a follower’s own view, naming the main; paused, the follower is its owner’s (issue 54)', async () => {
    // The first test left these two on the launcher.
    const [main, follower] = [phoneIds[0]!, phoneIds[2]!];
    const mainName = (await api.call(userPhone.list, { query: { pageSize: 100 } })).data.list.find(
      (p) => p.userPhoneId === main,
    )!.name;
    const started = await api.call(sync.create, { body: { mainUserPhoneId: main, followerUserPhoneIds: [follower] } });
    expect(started.code).toBe(0);
    const lightPage = async () => Math.min(...(await pixel(page, 0.5, 0.5))) > 230;
    const openView = async (userPhoneId: number) => {
      await page.goto(`${server.baseUrl}/app/phone-view/demo?userPhoneId=${userPhoneId}`);
      await waitForFrames(page);
    };

    // The follower's own view: a tap on Notes is refused, in words that name the main and offer a pause.
    await openView(follower);
    await showsLauncher(page);
    await tap(page, 0.625, 0.347);
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText(`This phone follows “${mainName}” in a sync session`).waitFor();
    expect(await lightPage()).toBe(false);
    await dialog.getByRole('button', { name: 'Pause following' }).click();
    await page.getByText('Paused: the phone is yours to operate alone').waitFor();
    // The dialog's mask fades out before the screen takes taps again.
    await page.locator('.adm-mask').waitFor({ state: 'hidden' });
    // Paused, the same tap lands: Notes opens; Home takes it back to the launcher.
    await tap(page, 0.625, 0.347);
    await expect.poll(lightPage, { timeout: 10_000 }).toBe(true);
    await showsLauncher(page, { pressHome: true });

    // The main's next tap opens Notes on the main, and no longer reaches the paused follower.
    await openView(main);
    await showsLauncher(page);
    await tap(page, 0.625, 0.347);
    await expect.poll(lightPage, { timeout: 10_000 }).toBe(true);
    await openView(follower);
    await page.waitForTimeout(1_000);
    expect(isLauncherBlue(await pixel(page, 0.5, 0.6))).toBe(true);
    await api.call(sync.end, { body: { syncId: started.data.syncId } });
  }, 60_000);
});
