import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';
import { darkPixels, pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';

/**
 * Typing from a touch phone (issue 10 §3): the local input method. The demo user's trial phone (4),
 * which no other spec types into.
 */
const { openPage } = useBrowser();
const PHONE = 4;

async function openNotes(): Promise<Page> {
  const page = await openPage('/app/login/demo');
  page.setDefaultTimeout(10_000);
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  await page.waitForURL('**/app/demo');
  await page.goto(`/app/phone-view/demo?userPhoneId=${PHONE}`);
  await waitForFrames(page);
  await showsLauncher(page, { pressHome: true });
  await tap(page, 0.625, 0.347); // the Notes icon: a light page
  await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5)))).toBeGreaterThan(230);
  return page;
}

const keyboardField = (page: Page) => page.getByRole('textbox', { name: 'Text for the cloud phone' });

describe('typing into the phone from the browser', () => {
  it('raises a keyboard for Notes; IME-composed Chinese, text, Enter and Backspace reach the note', async () => {
    const page = await openNotes();
    // The phone's text field has focus: the bar is up and its field has the focus (the keyboard).
    await keyboardField(page).waitFor({ state: 'visible' });
    await expect.poll(() => keyboardField(page).evaluate((field) => field === document.activeElement)).toBe(true);

    const cdp = await page.context().newCDPSession(page);
    // Pinyin composed, then committed as Chinese, as an IME does.
    await cdp.send('Input.imeSetComposition', { text: 'ni', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.imeSetComposition', { text: 'nihao', selectionStart: 5, selectionEnd: 5 });
    await cdp.send('Input.insertText', { text: '你好' });
    // Text from a soft keyboard's suggestion strip or emoji panel.
    await cdp.send('Input.insertText', { text: '云手机' });
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    const marker = `繁體${Date.now() % 10_000}`;
    await cdp.send('Input.insertText', { text: marker });
    // The composition never went to the phone, and the field is empty again.
    expect(await keyboardField(page).inputValue()).toBe('');

    // Read the note back: Notes' Copy puts it on the phone's clipboard, which the page shows.
    await tap(page, 0.717, 0.078);
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.locator('.cp-tools-grid').getByRole('button', { name: 'Clipboard' }).click();
    await expect
      .poll(() => page.getByTestId('device-clipboard').textContent())
      .toMatch(new RegExp(`你好云手\\n${marker}$`));
    await page.locator('.adm-popup-close-icon').filter({ visible: true }).click();

    // Leaving Notes takes the focus from its field: the keyboard goes down.
    await page.getByRole('button', { name: 'Home' }).click();
    await keyboardField(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('TEXTAREA');
  });

  it('scrolls a long note with the mouse wheel and with a two-finger swipe', async () => {
    const page = await openNotes();
    await keyboardField(page).waitFor({ state: 'visible' });
    // Ten lines of text, thirty empty ones, an end: the note follows its end, where the caret is.
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    await page.keyboard.insertText(`\n${lines}${'\n'.repeat(30)}end`);
    await expect.poll(() => darkPixels(page, 0.13, 0.45)).toBeLessThan(50);
    const box = (await page.locator('canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -box.height);
    // Scrolled up a screen: the lines of text come into view.
    await expect.poll(() => darkPixels(page, 0.13, 0.45)).toBeGreaterThan(400);

    // Two fingers swiped up on a touch screen move the note on, past its text again.
    const cdp = await page.context().newCDPSession(page);
    const fingers = (y: number) => [
      { x: box.x + box.width * 0.4, y: box.y + box.height * y, id: 1 },
      { x: box.x + box.width * 0.6, y: box.y + box.height * y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(0.8) });
    for (const y of [0.7, 0.6, 0.5, 0.4, 0.3, 0.2])
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(y) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => darkPixels(page, 0.13, 0.45)).toBeLessThan(50);
  });
});
