import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { useBrowser } from './support/browser';
import { asUser, DEMO, logInByPassword, putAsUser } from './support/accounts';
import { darkPixels, pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';

const { openPage, baseUrl } = useBrowser();

// Other specs keep phones 1, 3 and 4 as they are; this one changes phone 2 and puts it back.
const PHONE = 2;
const ORIGINAL_RESOLUTION = { width: 720, height: 1280, dpi: 320 };

interface ListedPhone {
  userPhoneId: number;
  name: string;
  root: boolean;
  resolution: string;
}

/** Phone 2 as the phone list gives it. */
async function listed(page: Page): Promise<ListedPhone> {
  const { list } = (await asUser(page, baseUrl, userPhone.list)).data;
  return list.find((p) => p.userPhoneId === PHONE)!;
}

/** The last page opened, to put the phone back with its user's token whatever a test left. */
let lastPage: Page | undefined;

async function logIn(): Promise<Page> {
  const page = await openPage('/app/login/demo');
  // A step that cannot happen fails with what it waited for, well inside the test's time.
  page.setDefaultTimeout(10_000);
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  await page.waitForURL('**/app/demo');
  lastPage = page;
  return page;
}

/** Logs in and opens phone 2's view at its home screen. */
async function openPhone(): Promise<Page> {
  const page = await logIn();
  await page.goto(`/app/phone-view/demo?userPhoneId=${PHONE}`);
  await waitForFrames(page);
  await showsLauncher(page, { pressHome: true });
  return page;
}

/** The picture's height over its width. */
const aspect = (page: Page) => page.locator('canvas').evaluate((c: HTMLCanvasElement) => c.height / c.width);

/** Launcher → Notes, a light page; the dark pixels of its text field. */
async function openNotes(page: Page): Promise<number> {
  await tap(page, 0.625, 0.347); // the Notes icon
  await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5))), { timeout: 10_000 }).toBeGreaterThan(230);
  return darkPixels(page, 0.13, 0.9);
}

async function tool(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.locator('.cp-tools-grid').getByRole('button', { name }).click();
}

/** The open confirmation (the last dialog shown). */
const confirmation = (page: Page) => page.locator('.adm-dialog-body').filter({ visible: true }).last();

// spec §8: the server takes one restart of a phone per 10 s ("do not operate frequently").
const POWER_OPERATION_GAP_MS = 10_500;
// A spec before this one may have just restarted phone 2.
let lastPowerOperation = Date.now();

/** Waits until the phone may be restarted again, then presses the confirmation's `button`. */
async function confirmRestart(page: Page, button: string): Promise<void> {
  await page.waitForTimeout(Math.max(0, lastPowerOperation + POWER_OPERATION_GAP_MS - Date.now()));
  await confirmation(page).getByRole('button', { name: button }).click();
}

/** Waits out an operation the phone view shows as `status` ("Restarting…"), until the phone is online again. */
async function comesBackAfter(page: Page, status: 'restarting' | 'resetting', text: string): Promise<void> {
  const busy = page.locator(`[data-status="${status}"]`);
  await busy.waitFor();
  // The host applied the operation, so the server counted it before now.
  lastPowerOperation = Date.now();
  expect(await busy.textContent()).toBe(text);
  await page.locator('.cp-phone-view__status').waitFor({ state: 'detached', timeout: 15_000 });
}

const restarts = (page: Page) => comesBackAfter(page, 'restarting', 'Restarting…');

/** Puts phone 2 back as the other specs expect it, whatever a failed test left. */
afterAll(async () => {
  const page = lastPage;
  if (!page) return;
  const phone = await listed(page);
  if (phone.name !== 'Cloud phone 2')
    await putAsUser(page, baseUrl, userPhone.rename, { userPhoneId: PHONE, name: 'Cloud phone 2' });
  const fixes: [string, () => Promise<{ code: number }>][] = [];
  if (phone.root)
    fixes.push(['set-root', () => putAsUser(page, baseUrl, userPhone.setRoot, { userPhoneId: PHONE, root: false })]);
  if (phone.resolution !== '720×1280')
    fixes.push([
      'set-resolution',
      () => putAsUser(page, baseUrl, userPhone.setResolution, { userPhoneId: PHONE, ...ORIGINAL_RESOLUTION }),
    ]);
  for (const [operation, send] of fixes) {
    // Refused while the phone restarts or too soon after the last restart: try again each second.
    for (let tries = 0; ; tries++) {
      const { code } = await send();
      if (code === 0) break;
      if (tries === 30) throw new Error(`could not put phone ${PHONE} back: ${operation} answered ${code}`);
      await page.waitForTimeout(1_000);
    }
    lastPowerOperation = Date.now();
  }
  // The next spec may restart phone 2 as soon as it opens it.
  await page.waitForTimeout(Math.max(0, lastPowerOperation + POWER_OPERATION_GAP_MS - Date.now()));
}, 90_000);

describe('the phone settings in the phone view tools (spec §1, §5)', () => {
  it('renaming the phone shows the new name in the phone view and on home', async () => {
    const page = await logIn();
    await page.getByRole('dialog', { name: 'Expiry reminder' }).getByRole('button', { name: 'Got it' }).click();
    const before = await listed(page);
    await page.getByTestId('phone-card').filter({ hasText: before.name }).click();
    await page.waitForURL(`**/phone-view/demo?userPhoneId=${PHONE}`);

    const name = `Renamed ${Date.now() % 100_000}`;
    await tool(page, 'Rename');
    const input = page.getByRole('textbox', { name: 'Cloud phone name' });
    expect(await input.inputValue()).toBe(before.name);
    await input.fill(name);
    await confirmation(page).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('alert').filter({ hasText: 'Renamed' }).waitFor();
    await expect.poll(() => page.locator('.cp-phone-view__bar').textContent()).toContain(name);

    await page.locator('.cp-phone-view__bar .adm-nav-bar-back').click();
    await page.waitForURL('**/app/demo');
    await page.getByTestId('phone-card').filter({ hasText: name }).waitFor();
    expect(await page.getByTestId('phone-card').filter({ hasText: before.name }).count()).toBe(0);

    await putAsUser(page, baseUrl, userPhone.rename, { userPhoneId: PHONE, name: before.name });
  });

  it('turning root on restarts the phone with root, and turning it off again restarts it without', async () => {
    const page = await openPhone();
    expect((await listed(page)).root).toBe(false);

    await tool(page, 'Root: off');
    await confirmation(page).getByText('Turn root on? The phone restarts.').waitFor();
    await confirmRestart(page, 'OK');
    await restarts(page);
    expect((await listed(page)).root).toBe(true);
    await showsLauncher(page, { pressHome: true });

    await tool(page, 'Root: on');
    await confirmation(page).getByText('Turn root off? The phone restarts.').waitFor();
    await confirmRestart(page, 'OK');
    await restarts(page);
    expect((await listed(page)).root).toBe(false);
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.locator('.cp-tools-grid').getByRole('button', { name: 'Root: off' }).waitFor();
  }, 60_000);

  it('changing the resolution warns about scripts, then the picture takes the new shape; 720×1280 brings it back', async () => {
    const page = await openPhone();
    expect(await aspect(page)).toBeCloseTo(1280 / 720);
    const chooseResolution = async (option: string) => {
      await tool(page, 'Resolution');
      await page.getByRole('option', { name: option }).click();
      await confirmation(page)
        .getByText(
          `Changing the resolution may affect running scripts, and the phone restarts. Change it to ${option}?`,
        )
        .waitFor();
      await confirmRestart(page, 'OK');
      await restarts(page);
    };

    await tool(page, 'Resolution');
    // The phone's own resolution is shown, and cannot be chosen again.
    const current = page.getByRole('option', { name: /720 × 1280/ });
    expect(await current.textContent()).toContain('Current');
    expect(await current.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('option', { name: 'Cancel' }).click();

    await chooseResolution('1080 × 2400 (440 dpi)');
    await expect.poll(() => aspect(page)).toBeCloseTo(2400 / 1080);
    expect((await listed(page)).resolution).toBe('1080×2400');

    await chooseResolution('720 × 1280 (320 dpi)');
    await expect.poll(() => aspect(page)).toBeCloseTo(1280 / 720);
    expect((await listed(page)).resolution).toBe('720×1280');
  }, 60_000);

  it('factory reset asks as a danger, then the phone restores and comes back at the launcher without its notes', async () => {
    const page = await openPhone();
    const empty = await openNotes(page);
    await page.getByTestId('phone-screen').focus();
    await page.keyboard.type('Shopping list: milk');
    await expect.poll(() => darkPixels(page, 0.13, 0.9), { timeout: 10_000 }).toBeGreaterThan(empty + 200);

    await tool(page, 'Factory reset');
    const reset = confirmation(page).getByRole('button', { name: 'Factory reset' });
    await confirmation(page).getByText('Restore factory settings?', { exact: false }).waitFor();
    expect(await reset.getAttribute('class')).toContain('adm-button-danger');
    await confirmRestart(page, 'Factory reset');
    await comesBackAfter(page, 'resetting', 'Restoring factory settings…');
    await showsLauncher(page, { pressHome: true });

    // Only the light "Type something…" is left in the field.
    expect(await openNotes(page)).toBeLessThan(20);
  }, 60_000);
});
