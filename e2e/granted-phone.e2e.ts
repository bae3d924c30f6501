import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';
import { logInByPassword } from './support/accounts';
import { isLauncherBlue, pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';

const { openPage } = useBrowser();

describe('a phone granted view-only (spec §6)', () => {
  it('is listed as granted, shows its screen, and ignores taps', async () => {
    const viewer = inject('viewer');
    const page = await openPage('/app/login/demo');
    await logInByPassword(page, viewer.mobile, viewer.password);
    await page.waitForURL('**/app/demo');
    await expect.poll(() => page.getByTestId('phone-card').count(), { timeout: 10_000 }).toBe(1);

    await page.goto(`/app/phone-view/demo?userPhoneId=${viewer.userPhoneId}`);
    await waitForFrames(page);
    await showsLauncher(page);

    // Where the Notes icon is: a controlling viewer would open Notes (a white page) with this tap.
    await tap(page, 0.625, 0.347);
    await page.keyboard.type('ignored');
    await page.waitForTimeout(1500);
    expect(isLauncherBlue(await pixel(page, 0.5, 0.6))).toBe(true);
    expect(Math.min(...(await pixel(page, 0.5, 0.5)))).toBeLessThan(230);
  });
});
