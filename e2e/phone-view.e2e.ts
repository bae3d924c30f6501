import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';

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

/** How many dark pixels a band of the picture holds: text on a light screen. */
function darkPixels(page: Page, top: number, bottom: number): Promise<number> {
  return page.evaluate(
    ([t, b]) => {
      const canvas = document.querySelector('canvas') as HTMLCanvasElement;
      const y = Math.floor(canvas.height * t);
      const { data } = canvas.getContext('2d')!.getImageData(0, y, canvas.width, Math.floor(canvas.height * b) - y);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4)
        if ((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 200) dark++;
      return dark;
    },
    [top, bottom] as const,
  );
}

/** The launcher's wallpaper is a blue-violet gradient: blue well above red and green. */
async function showsLauncher(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const [r = 0, g = 0, b = 0] = await pixel(page, 0.5, 0.6);
        return b > 150 && b > r + 20 && b > g + 60;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
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
