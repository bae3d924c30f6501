import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { logInByPassword } from './support/accounts';

const { openPage } = useBrowser();

/** The canvas pixel at a point given as fractions of the picture: [r, g, b]. */
function pixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ([fx, fy]) => {
      const canvas = document.querySelector('canvas') as HTMLCanvasElement;
      const data = canvas
        .getContext('2d')
        ?.getImageData(Math.floor(canvas.width * fx), Math.floor(canvas.height * fy), 1, 1).data;
      return data ? [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0] : [];
    },
    [x, y] as const,
  );
}

const isLauncherBlue = ([r = 0, g = 0, b = 0]: number[]) => b > 150 && b > r + 20 && b > g + 60;

describe('a phone granted view-only (spec §6)', () => {
  it('is listed as granted, shows its screen, and ignores taps', async () => {
    const viewer = inject('viewer');
    const page = await openPage('/app/login/demo');
    await logInByPassword(page, viewer.mobile, viewer.password);
    await page.waitForURL('**/app/demo');
    await expect.poll(() => page.getByTestId('phone-card').count(), { timeout: 10_000 }).toBe(1);

    await page.goto(`/app/phone-view/demo?userPhoneId=${viewer.userPhoneId}`);
    await page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.frames ?? 0) > 0, undefined, {
      timeout: 15_000,
    });
    await expect.poll(async () => isLauncherBlue(await pixel(page, 0.5, 0.6)), { timeout: 10_000 }).toBe(true);

    // Where the Notes icon is: a controlling viewer would open Notes (a white page) with this tap.
    const box = (await page.locator('canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.625, box.y + box.height * 0.347);
    await page.keyboard.type('ignored');
    await page.waitForTimeout(1500);
    expect(isLauncherBlue(await pixel(page, 0.5, 0.6))).toBe(true);
    expect(Math.min(...(await pixel(page, 0.5, 0.5)))).toBeLessThan(230);
  });
});
