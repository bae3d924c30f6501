import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';
import { pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';
import { startStack, type Stack } from './support/stack';

/**
 * A fresh machine (issue 10 §1): no system ffmpeg, so the host streams H.264 with the ffmpeg the npm
 * package ships — or, with no usable ffmpeg at all, JPEG, which a WebCodecs browser must still draw.
 */
const { openPage } = useBrowser();

/** This machine's PATH without the folders that hold an ffmpeg: what the host sees on a fresh machine. */
const pathWithoutFfmpeg = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !existsSync(join(dir, 'ffmpeg')))
  .join(delimiter);

let packaged: Stack;
let noEncoder: Stack;
beforeAll(async () => {
  packaged = await startStack({ PATH: pathWithoutFfmpeg, LOG_LEVEL: 'info' });
  // FFMPEG_PATH names the only ffmpeg the host may use: one that does not exist leaves it JPEG only.
  noEncoder = await startStack({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
}, 90_000);
afterAll(async () => {
  await packaged?.stop();
  await noEncoder?.stop();
});

/** Logs in on `stack` and opens the demo user's first phone at its home screen. */
async function openPhone(stack: Stack, setUp?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await openPage(`${stack.baseUrl}/app/login/demo`);
  await setUp?.(page);
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  // Only the sign-in's arrival matters, not the home page's load: on a cold stack in CI that load (every
  // phone's preview) once took over 10 s.
  await page.waitForURL('**/app/demo', { waitUntil: 'commit' });
  await page.goto(`${stack.baseUrl}/app/phone-view/demo?userPhoneId=1`);
  return page;
}

/** Professional mode's line of figures, which names the codec. */
async function streamFigures(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.locator('.cp-sheet .adm-list-item').filter({ hasText: 'Professional mode' }).getByRole('switch').click();
  await expect.poll(() => page.getByTestId('stream-stats').textContent()).toMatch(/\d+ fps|idle/);
  return (await page.getByTestId('stream-stats').textContent()) ?? '';
}

describe('the phone screen on a machine without a system ffmpeg', () => {
  it('streams H.264 with the packaged ffmpeg: the launcher shows and taps work', async () => {
    expect(packaged.output()).toContain('phone screens stream as H.264 with the packaged ffmpeg 4.1');
    const page = await openPhone(packaged);
    await waitForFrames(page);
    await showsLauncher(page, { pressHome: true });
    expect(await page.locator('canvas').getAttribute('data-codec')).toBe('h264');
    await tap(page, 0.625, 0.347); // the Notes icon: a light page
    await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5)))).toBeGreaterThan(230);
    expect(await streamFigures(page)).toMatch(/^H264 · /);
  });

  it('draws the JPEG a host without an encoder sends, in a browser that has WebCodecs, and says so', async () => {
    const page = await openPhone(noEncoder);
    await waitForFrames(page);
    await showsLauncher(page, { pressHome: true });
    expect(await page.locator('canvas').getAttribute('data-codec')).toBe('jpeg');
    expect(await streamFigures(page)).toMatch(/^JPEG · /);
  });

  it('says "Error code:4415, reconnect?" for a stream it cannot decode, and reconnects as JPEG', async () => {
    const page = await openPhone(packaged, (p) =>
      // A browser whose WebCodecs lacks H.264 (some builds ship without it).
      p.context().addInitScript(() => {
        VideoDecoder.isConfigSupported = () => Promise.resolve({ supported: false });
      }),
    );
    const dialog = page.locator('.adm-dialog');
    await expect.poll(() => dialog.textContent()).toContain('Error code:4415, reconnect?');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await waitForFrames(page);
    expect(await page.locator('canvas').getAttribute('data-codec')).toBe('jpeg');
    await showsLauncher(page, { pressHome: true });
  });
});
