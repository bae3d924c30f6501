import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { asUser, logInByPassword, masked } from './support/accounts';
import { useBrowser } from './support/browser';
import { band, changedPixels, followerPicture, showsLauncher, waitForFrames } from './support/phone-screen';

const { openPage, baseUrl } = useBrowser();

/**
 * The desktop's screens beyond the phone list (issue 31), in Chromium at 1440 × 900 through the
 * desktop UI, against the real server and device host: one user syncs, installs on, transfers and buys.
 */
describe('the desktop screens', () => {
  const worker = inject('deskWorker');
  let page: Page;

  beforeAll(async () => {
    page = await openPage('/desktop/login/demo', { desktop: true });
    page.setDefaultTimeout(20_000);
    await logInByPassword(page, worker.mobile, worker.password);
    await page.getByTestId('desk-phone').first().waitFor();
  });

  /** A phone's name as the desktop shows it (the tables name their checkboxes by it). */
  const phoneName = async (userPhoneId: number) =>
    (await asUser(page, baseUrl, userPhone.list, { pageSize: 100 })).data.list.find(
      (p) => p.userPhoneId === userPhoneId,
    )!.name;

  /** A screen, reached through the side menu as its user does. */
  const openScreen = async (name: string) => {
    await page.locator('.ant-menu').getByText(name, { exact: true }).click();
  };

  it('starts sync on three phones from the list, and typing on the main is done on the followers', async () => {
    await page.getByRole('button', { name: 'Select' }).click();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByTestId('list-sync').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('sync-start').click();
    await page.waitForURL('**/desktop/sync/demo');
    await expect.poll(() => page.getByTestId('sync-follower').count(), { timeout: 15_000 }).toBe(2);
    await waitForFrames(page);
    await showsLauncher(page, { pressHome: false });
    await expect.poll(async () => (await followerPicture(page, 1)).blue, { timeout: 15_000 }).toBe(true);

    // Notes opened and written in on the main opens and writes it on both followers.
    const main = (await page.getByTestId('sync-main-screen').locator('canvas').boundingBox())!;
    await page.mouse.click(main.x + main.width * 0.625, main.y + main.height * 0.347);
    for (const i of [0, 1])
      await expect.poll(async () => (await followerPicture(page, i)).light, { timeout: 15_000 }).toBe(true);
    // The note's first lines on each follower's picture (small: text there changes pixels, not darkness).
    const noteTop = (i: number) =>
      band(page, 0.12, 0.2, { selector: '[data-testid="sync-follower"] canvas', index: i });
    const before = await Promise.all([0, 1].map(noteTop));
    await page
      .getByRole('textbox', { name: 'Text for the cloud phone' })
      .pressSequentially('typed on the desktop, the same on every follower');
    for (const i of [0, 1])
      await expect
        .poll(async () => changedPixels(before[i]!, await noteTop(i)), { timeout: 15_000 })
        .toBeGreaterThan(15);

    // Ending sync, confirmed, frees the phones: the screen offers a new session.
    await page.getByTestId('sync-end').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'End sync' }).click();
    await page.getByTestId('sync-start').waitFor();
  }, 90_000);

  it('uploads an APK and installs it on two phones, with progress per phone', async () => {
    await openScreen('Apps and files');
    await page.getByTestId('pick-app').setInputFiles(GOLD_MINER_APK);
    await page
      .getByTestId('upload-row')
      .filter({ hasText: 'gold-miner.apk' })
      .and(page.locator('[data-state="success"]'))
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('library-file').filter({ hasText: 'Gold Miner' }).first().click();
    await page.getByTestId('push-open').click();
    const drawer = page.getByRole('dialog');
    const [first, second] = worker.userPhoneIds;
    for (const id of [first, second])
      await drawer
        .getByTestId('desk-phone-row')
        .filter({ hasText: await phoneName(id!) })
        .click();
    await drawer.getByTestId('push-submit').click();
    const rows = page.getByTestId('push-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(
        () =>
          rows.evaluateAll((all) =>
            all.map((row) => `${(row as HTMLElement).dataset.phoneId}:${(row as HTMLElement).dataset.state}`).sort(),
          ),
        { timeout: 60_000 },
      )
      .toEqual([`${first}:install_success`, `${second}:install_success`].sort());
  }, 90_000);

  it('transfers a phone to another account and shows it in the launch records', async () => {
    const receiver = inject('deskReceiver');
    const phone = worker.userPhoneIds[2]!;
    await openScreen('Device transfer');
    await page
      .getByTestId('desk-phone-row')
      .filter({ hasText: await phoneName(phone) })
      .click();
    await page.getByTestId('transfer-account').fill(receiver.mobile);
    await page.getByTestId('transfer-check-button').click();
    await page.locator('[data-testid="transfer-check"][data-ok="true"]').waitFor();
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('confirm-ok').click();
    const record = page.locator('[data-testid="transfer-record"][data-status="successful"]');
    await record.first().waitFor({ timeout: 30_000 });
    expect(await record.first().textContent()).toContain(masked(receiver.mobile));
  }, 60_000);
});
