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
  const box = await pictureBox(page);
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

/** Where the picture is on the page: the canvas' box, less the bars its contained picture leaves. */
export async function pictureBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const canvas = page.locator('canvas').first();
  const box = (await canvas.boundingBox())!;
  const [width, height] = await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
  if (!width || !height) return box;
  const scale = Math.min(box.width / width!, box.height / height!);
  const shown = { width: width! * scale, height: height! * scale };
  return { x: box.x + (box.width - shown.width) / 2, y: box.y + (box.height - shown.height) / 2, ...shown };
}

/** Brightness steps: a pixel's r + g + b (0–765) in steps of this size. */
export const BRIGHTNESS_STEP = 25;

/**
 * The brightness of each pixel of a horizontal band of the picture, one character per pixel in
 * steps of BRIGHTNESS_STEP (a string crosses from the page in milliseconds; an array of numbers takes a second).
 */
export function band(
  page: Page,
  top: number,
  bottom: number,
  /** Which picture: the page's first canvas, or the nth that a selector finds (a follower's preview). */
  { selector = 'canvas', index = 0 } = {},
): Promise<string> {
  return page.evaluate(
    ([t, b, step, sel, i]) => {
      const canvas = document.querySelectorAll<HTMLCanvasElement>(sel)[i]!;
      const y = Math.floor(canvas.height * t);
      const { data } = canvas.getContext('2d')!.getImageData(0, y, canvas.width, Math.floor(canvas.height * b) - y);
      const codes = new Uint8Array(data.length / 4);
      for (let i = 0; i < codes.length; i++)
        codes[i] = 65 + Math.floor(((data[i * 4] ?? 0) + (data[i * 4 + 1] ?? 0) + (data[i * 4 + 2] ?? 0)) / step);
      return new TextDecoder('latin1').decode(codes);
    },
    [top, bottom, BRIGHTNESS_STEP, selector, index] as const,
  );
}

/** How many pixels differ clearly (by more than 90 of 765) between two pictures of a band. */
export function changedPixels(a: string, b: string): number {
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a.charCodeAt(i) - b.charCodeAt(i)) > 90 / BRIGHTNESS_STEP) changed++;
  return changed;
}

/** A band of the picture once it holds still: the same twice in a row. */
export async function settledBand(page: Page, top = 0.13, bottom = 0.45): Promise<string> {
  let last = await band(page, top, bottom);
  await expect
    .poll(async () => {
      await page.waitForTimeout(300);
      const next = await band(page, top, bottom);
      const changed = changedPixels(last, next);
      last = next;
      return changed;
    })
    .toBeLessThan(20);
  return last;
}

/** Launcher → Settings → About phone; both are light pages with rows from the top. Its first rows, settled. */
export async function openAboutPhone(page: Page): Promise<string> {
  await tap(page, 0.125, 0.347); // the Settings icon
  await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.9))), { timeout: 10_000 }).toBeGreaterThan(230);
  const settings = await settledBand(page);
  await tap(page, 0.5, 0.181); // the About phone row
  await expect.poll(async () => changedPixels(settings, await band(page, 0.13, 0.45))).toBeGreaterThan(300);
  return settledBand(page);
}

/**
 * Rows of About phone on a 720 × 1280 phone, as bands of the picture (top, bottom): under the status
 * bar and header, rows of 48 of the screen's 640 logical points — device name, brand, manufacturer,
 * model, Android, IMEI, serial…
 */
export const ABOUT_PHONE_ROWS = {
  model: [0.365, 0.435],
  imei: [0.515, 0.585],
} as const satisfies Record<string, readonly [number, number]>;

/** A follower's live picture, read on the page: how bright its middle is, and how many dark pixels a band holds. */
export function followerPicture(page: Page, index: number) {
  return page.evaluate((i) => {
    const canvas = document.querySelectorAll<HTMLCanvasElement>('[data-testid="sync-follower"] canvas')[i]!;
    const context = canvas.getContext('2d')!;
    const [r = 0, g = 0, b = 0] = context.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
    const top = Math.floor(canvas.height * 0.12);
    const { data } = context.getImageData(0, top, canvas.width, Math.floor(canvas.height * 0.2) - top);
    let dark = 0;
    for (let p = 0; p < data.length; p += 4) if (data[p]! + data[p + 1]! + data[p + 2]! < 300) dark++;
    return { light: Math.min(r, g, b) > 230, blue: b > 150 && b > r + 20 && b > g + 60, dark };
  }, index);
}

/**
 * A sync session on screen: both followers' pictures come, showing the launcher; then Notes tapped on
 * the main opens Notes (a light page) on both.
 */
export async function syncOpensNotes(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('sync-follower').count(), { timeout: 15_000 }).toBe(2);
  await waitForFrames(page);
  await showsLauncher(page, { pressHome: false });
  await expect.poll(async () => (await followerPicture(page, 1)).blue, { timeout: 15_000 }).toBe(true);
  const main = (await page.getByTestId('sync-main-screen').locator('canvas').boundingBox())!;
  await page.mouse.click(main.x + main.width * 0.625, main.y + main.height * 0.347);
  for (const i of [0, 1])
    await expect.poll(async () => (await followerPicture(page, i)).light, { timeout: 15_000 }).toBe(true);
}
