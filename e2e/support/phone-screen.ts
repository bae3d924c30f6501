import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Reading the phone screen the player draws on the page's canvas (DESIGN §4), in the browser tests. */

/** Until the player has drawn its first frame. */
export function waitForFrames(page: Page): Promise<unknown> {
  return page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.frames ?? 0) > 0, undefined, {
    timeout: 15_000,
  });
}

/** The canvas pixel at a point given as fractions of the picture: [r, g, b]. */
export function pixel(page: Page, x: number, y: number): Promise<number[]> {
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

/** How many dark pixels (r + g + b under 200) a horizontal band of the picture holds: text on a light screen. */
export function darkPixels(page: Page, top: number, bottom: number): Promise<number> {
  return page.evaluate(
    ([t, b]) => {
      const canvas = document.querySelector('canvas') as HTMLCanvasElement;
      const y = Math.floor(canvas.height * t);
      const { data } = canvas.getContext('2d')!.getImageData(0, y, canvas.width, Math.floor(canvas.height * b) - y);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 200) dark++;
      return dark;
    },
    [top, bottom] as const,
  );
}

/** The launcher's wallpaper is a blue-violet gradient: blue well above red and green. */
export const isLauncherBlue = ([r = 0, g = 0, b = 0]: number[]) => b > 150 && b > r + 20 && b > g + 60;

/** Waits for the launcher, after pressing the Home key when asked to. */
export async function showsLauncher(page: Page, { pressHome = false } = {}): Promise<void> {
  if (pressHome) await page.getByRole('button', { name: 'Home' }).click();
  await expect.poll(async () => isLauncherBlue(await pixel(page, 0.5, 0.6)), { timeout: 15_000 }).toBe(true);
}

/** Taps a point of the phone screen given as fractions of it. */
export async function tap(page: Page, x: number, y: number): Promise<void> {
  const box = (await page.locator('canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}
