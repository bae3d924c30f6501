import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';
import { darkPixels, pixel, showsLauncher } from './support/phone-screen';

const { openPage } = useBrowser();

/** The demo user's first phone (the seed gives it three, then a trial). */
const PHONE_VIEW = '/app/phone-view/demo?userPhoneId=1';

async function openPhone(page: Page): Promise<void> {
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  await page.waitForURL('**/app/demo');
  await page.goto(PHONE_VIEW);
  await page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.frames ?? 0) > 0, undefined, {
    timeout: 15_000,
  });
  // Whatever an earlier visit left open, start from the home screen.
  await page.getByRole('button', { name: 'Home' }).click();
}

describe('the phone screen in the browser (DESIGN §4)', () => {
  it('decodes H.264 with WebCodecs and shows the launcher', async () => {
    const page = await openPage('/app/login/demo');
    await openPhone(page);
    expect(await page.locator('canvas').getAttribute('data-codec')).toBe('h264');
    await showsLauncher(page);
  });

  it('falls back to JPEG frames where the browser has no VideoDecoder, and still shows the launcher', async () => {
    const page = await openPage('/app/login/demo');
    await page.context().addInitScript(() => {
      delete (window as { VideoDecoder?: unknown }).VideoDecoder;
    });
    await openPhone(page);
    expect(await page.locator('canvas').getAttribute('data-codec')).toBe('jpeg');
    await showsLauncher(page);
  });

  it('opens Notes with a tap, and typed text appears on the screen', async () => {
    const page = await openPage('/app/login/demo');
    await openPhone(page);
    await showsLauncher(page);
    const canvas = page.locator('canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.625, box.y + box.height * 0.347); // the Notes icon
    // Notes is a light page: the middle of the screen turns near-white.
    await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5))), { timeout: 10_000 }).toBeGreaterThan(230);
    const before = await darkPixels(page, 0.13, 0.2);
    await page.keyboard.type('Hello cloud phone');
    await expect.poll(() => darkPixels(page, 0.13, 0.2), { timeout: 10_000 }).toBeGreaterThan(before + 200);
  });
});
