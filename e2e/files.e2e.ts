import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { logInByPassword } from './support/accounts';
import { darkPixels, isLauncherBlue, pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { FILES_APP, FIRST_APP, FIRST_ROW, uploadFromPhoneView } from './support/phone-files';

const { openPage } = useBrowser();
const user = inject('filesUser');
const APK = GOLD_MINER_APK;

const isWhite = (rgb: number[]) => rgb.every((c) => c > 235);

async function openPhone(page: Page, userPhoneId: number): Promise<void> {
  await page.goto(`/app/phone-view/demo?userPhoneId=${userPhoneId}`);
  await waitForFrames(page);
  await showsLauncher(page, { pressHome: true });
}

describe('apps and files (issue 14)', () => {
  it(
    'uploads an APK with progress, installs it on two phones, opens it from each launcher; a text file lands in Files',
    {
      timeout: 90_000,
    },
    async () => {
      const page = await openPage('/app/login/demo');
      page.setDefaultTimeout(15_000);
      await logInByPassword(page, user.mobile, user.password);
      await page.waitForURL('**/app/demo');

      // Home's batch operation leads to apps and files with the phones chosen there.
      await page.goto('/app/batch-operation/demo');
      await page.getByText('Select all').click();
      await page.getByRole('button', { name: 'Apps and files' }).click();
      await page.waitForURL('**/file-manager/demo?userPhoneIds=*');

      await page.getByTestId('pick-app').setInputFiles(APK);
      const upload = page.getByTestId('upload-row').filter({ hasText: 'gold-miner.apk' });
      await expect.poll(() => upload.getAttribute('data-state')).toBe('success');
      expect(await upload.getByText('Upload success').isVisible()).toBe(true);
      expect(await upload.locator('.adm-progress-bar-fill').getAttribute('style')).toContain('width: 100%');

      await page.getByTestId('library-file').filter({ hasText: 'Gold Miner' }).click();
      await page.getByRole('button', { name: 'Push to phones (1)' }).click();
      await page.getByRole('button', { name: 'Push', exact: true }).click();
      const rows = page.getByTestId('push-row');
      await expect
        .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))), {
          timeout: 30_000,
        })
        .toEqual(['install_success', 'install_success']);
      expect(await page.getByTestId('push-summary').textContent()).toContain('All done');

      for (const userPhoneId of user.userPhoneIds) {
        await openPhone(page, userPhoneId);
        // The app's icon, drawn over the wallpaper where the launcher's first free place is.
        expect(isLauncherBlue(await pixel(page, FIRST_APP.x, FIRST_APP.y))).toBe(false);
        await tap(page, FIRST_APP.x, FIRST_APP.y);
        await expect.poll(async () => isWhite(await pixel(page, 0.5, 0.85))).toBe(true);
      }

      // The phone view's upload tool: a text file goes to this phone's Files.
      const phone = user.userPhoneIds[0]!;
      await openPhone(page, phone);
      await tap(page, FILES_APP.x, FILES_APP.y);
      await expect.poll(async () => isWhite(await pixel(page, 0.5, FIRST_ROW.top - 0.01))).toBe(false);
      const emptyRow = await darkPixels(page, FIRST_ROW.top, FIRST_ROW.bottom);
      await uploadFromPhoneView(page, 'shopping-list.txt', 'milk, eggs, flour\n');
      await expect.poll(() => darkPixels(page, FIRST_ROW.top, FIRST_ROW.bottom)).toBeGreaterThan(emptyRow + 50);
    },
  );
});
