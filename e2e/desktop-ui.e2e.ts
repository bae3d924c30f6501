import { describe, expect, inject, it } from 'vitest';
import { logInByPassword } from './support/accounts';
import { useBrowser } from './support/browser';
import { darkPixels, pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';

const { openPage } = useBrowser();

/** The desktop UI in Chromium at 1440 × 900 (issue 30), outside the shell: the same screens a browser tab gets. */
describe('the desktop UI', () => {
  it('shows the phones in a 9-grid of live previews, and a control window takes a click on Settings and text typed into Notes', async () => {
    const owner = inject('deskUiOwner');
    const page = await openPage('/desktop/login/demo', { desktop: true });
    page.setDefaultTimeout(20_000);
    await logInByPassword(page, owner.mobile, owner.password);
    const cells = page.getByTestId('desk-phone');
    await cells.first().waitFor();
    expect(await cells.count()).toBe(owner.userPhoneIds.length);
    await expect
      .poll(() =>
        cells
          .locator('canvas')
          .evaluateAll((all) => all.map((c) => Number((c as HTMLCanvasElement).dataset.pictures ?? 0) > 0)),
      )
      .toEqual(owner.userPhoneIds.map(() => true));

    const [window] = await Promise.all([
      page.waitForEvent('popup'),
      cells.first().getByRole('button', { name: 'Open' }).click(),
    ]);
    window.setDefaultTimeout(20_000);
    await waitForFrames(window);
    await expect.poll(() => window.title()).toMatch(/ · Online$/);
    await showsLauncher(window, { pressHome: true });
    await tap(window, 0.125, 0.347); // Settings: a light page
    await expect.poll(async () => Math.min(...(await pixel(window, 0.5, 0.9)))).toBeGreaterThan(230);
    await window.getByRole('button', { name: 'Home' }).click();
    await showsLauncher(window);
    await tap(window, 0.625, 0.347); // Notes
    const typing = window.getByRole('textbox', { name: 'Text for the cloud phone' });
    await expect.poll(() => typing.evaluate((field) => field === document.activeElement)).toBe(true);
    const before = await darkPixels(window, 0.1, 0.3);
    await window.keyboard.type('typed on a computer');
    // The note's first lines fill with dark text.
    await expect.poll(() => darkPixels(window, 0.1, 0.3)).toBeGreaterThan(before + 150);
  });
});
