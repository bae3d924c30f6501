import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';
import { waitForFrames } from './support/phone-screen';
import { meteredFrames, meterStream } from './support/stream-meter';

const { openPage } = useBrowser();

/** The phone's sound frames (`FrameKind.opus`) the stream brought. */
const soundFrames = async (page: Page) => (await meteredFrames(page)).filter(([, , kind]) => kind === 6).length;
const decodedSound = async (page: Page) =>
  Number(await page.getByTestId('sound-control').locator('button').getAttribute('data-audio-frames'));

// Issue 59: the phone's sound, heard when the viewer turns it on, and costing nothing while muted.
it('sends no sound while muted; unmuted, a press of Home is heard: its frames arrive and decode', async () => {
  const page = await openPage('/app/login/demo');
  await meterStream(page);
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  await page.waitForURL('**/app/demo');
  await page.goto('/app/phone-view/demo?userPhoneId=1');
  await waitForFrames(page);
  const control = page.getByTestId('sound-control').locator('button');
  // Muted at first (a browser starts sound only on a gesture): a key's click sends nothing.
  await expect.poll(() => control.getAttribute('aria-label')).toBe('Turn sound on');
  await page.getByRole('button', { name: 'Home' }).click();
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(await soundFrames(page)).toBe(0);

  await control.click();
  await expect.poll(() => control.getAttribute('aria-label')).toBe('Mute');
  await page.getByRole('button', { name: 'Home' }).click();
  await expect.poll(() => soundFrames(page)).toBeGreaterThan(0);
  await expect.poll(() => decodedSound(page)).toBeGreaterThan(0);
});

it('shows the sound control in the desktop control window, and sets and keeps its volume', async () => {
  const page = await openPage('/desktop/login/demo', { desktop: true });
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  const cells = page.getByTestId('desk-phone');
  await cells.first().waitFor();
  const [window] = await Promise.all([
    page.waitForEvent('popup'),
    cells.first().getByRole('button', { name: 'Open' }).click(),
  ]);
  await waitForFrames(window);
  const control = window.getByTestId('sound-control');
  await control.locator('button').click();
  await control.getByRole('slider', { name: 'Volume' }).fill('30');
  await expect
    .poll(() => window.evaluate(() => JSON.parse(localStorage.getItem('cloudphone.sound') ?? '{}') as unknown))
    .toEqual({ on: true, volume: 0.3 });
});
