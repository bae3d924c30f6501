import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as mockModel from '@cloudphone/contracts/endpoints/device/phone-mock-model';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { useBrowser } from './support/browser';
import { asUser, DEMO, logInByPassword } from './support/accounts';
import {
  band,
  BRIGHTNESS_STEP,
  changedPixels,
  openAboutPhone,
  pixel,
  showsLauncher,
  tap,
  waitForFrames,
} from './support/phone-screen';

const { openPage, baseUrl } = useBrowser();

// Phones 2 and 3 take the state-changing tests, so the phone-view spec's phone 1 stays as it is.
const MODEL_PHONE = 2;
const RESTART_PHONE = 3;

/** Logs in and opens a phone's view at its home screen. */
async function openPhone(userPhoneId: number): Promise<Page> {
  const page = await openPage('/app/login/demo');
  // A step that cannot happen fails with what it waited for, well inside the test's time.
  page.setDefaultTimeout(10_000);
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  await page.waitForURL('**/app/demo');
  await page.goto(`/app/phone-view/demo?userPhoneId=${userPhoneId}`);
  await waitForFrames(page);
  await showsLauncher(page, { pressHome: true });
  return page;
}

/** How many dark pixels a band of the picture holds: text on a light screen. */
const darkPixels = async (page: Page, top: number, bottom: number) =>
  [...(await band(page, top, bottom))].filter((c) => c.charCodeAt(0) - 65 < 200 / BRIGHTNESS_STEP).length;

/** Closes the open sheet and waits until its mask no longer covers the screen. */
async function closeSheet(page: Page): Promise<void> {
  await page.locator('.adm-popup-close-icon').filter({ visible: true }).click();
  await page.locator('.adm-mask').filter({ visible: true }).first().waitFor({ state: 'detached' });
}

function openTools(page: Page): Promise<void> {
  return page.getByRole('button', { name: 'Tools' }).click();
}

function tool(page: Page, name: string): Promise<void> {
  return page.locator('.cp-tools-grid').getByRole('button', { name }).click();
}

/** Waits out a restart the phone view shows: "Restarting…", then the phone online again. */
async function restarts(page: Page): Promise<void> {
  const restarting = page.locator('[data-status="restarting"]');
  await restarting.waitFor();
  expect(await restarting.textContent()).toBe('Restarting…');
  await page.locator('.cp-phone-view__status').waitFor({ state: 'detached', timeout: 15_000 });
}

describe('the phone view tools (spec §1, §2)', () => {
  it("changing the model to another manufacturer's handset makes About phone show the new model", async () => {
    const page = await openPhone(MODEL_PHONE);
    const before = (await asUser(page, baseUrl, mockModel.current, { userPhoneId: MODEL_PHONE })).data;
    const aboutBefore = await openAboutPhone(page);

    const manufacturer = before.manufacturer === 'HUAWEI' ? 'vivo' : 'HUAWEI';
    const [handset] = (await asUser(page, baseUrl, mockModel.list, { manufacturer })).data;
    await openTools(page);
    await tool(page, 'Device model');
    await page.locator('.adm-list-item').filter({ hasText: manufacturer }).click();
    await page.locator('.adm-list-item').filter({ hasText: handset!.name }).click();
    await page.locator('.adm-dialog').getByText(`${handset!.name} (${handset!.model})`).waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: 'OK' }).click();
    await restarts(page);

    const after = (await asUser(page, baseUrl, mockModel.current, { userPhoneId: MODEL_PHONE })).data;
    expect(after).toMatchObject({ manufacturer, model: handset!.model, name: handset!.name });
    await showsLauncher(page, { pressHome: true });
    const aboutAfter = await openAboutPhone(page);
    // Device name, brand, manufacturer and model rows now read differently.
    expect(changedPixels(aboutBefore, aboutAfter)).toBeGreaterThan(300);
  }, 60_000);

  it('restart shows "restarting", then the launcher again', async () => {
    const page = await openPhone(RESTART_PHONE);
    await openTools(page);
    await tool(page, 'Restart');
    await page.locator('.adm-dialog').getByRole('button', { name: 'Restart' }).click();
    await restarts(page);
    await showsLauncher(page, { pressHome: true });
  }, 45_000);

  it('clipboard text sent from the page appears when pasted into Notes', async () => {
    const page = await openPhone(MODEL_PHONE);
    await tap(page, 0.625, 0.347); // the Notes icon
    await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5))), { timeout: 10_000 }).toBeGreaterThan(230);

    const text = `From the browser ${Date.now()}`;
    await openTools(page);
    await tool(page, 'Clipboard');
    await page.getByPlaceholder('Text to send to the phone').fill(text);
    await page.getByRole('button', { name: 'Send to phone clipboard' }).click();
    // The phone tells the page its clipboard changed.
    await expect.poll(() => page.getByTestId('device-clipboard').textContent()).toBe(text);
    await closeSheet(page);

    const before = await darkPixels(page, 0.13, 0.9);
    await tap(page, 0.89, 0.078); // Notes' Paste button
    await expect.poll(() => darkPixels(page, 0.13, 0.9), { timeout: 10_000 }).toBeGreaterThan(before + 200);
  });

  it('shows a screenshot to download, and the quality menu switches the definition', async () => {
    const page = await openPhone(MODEL_PHONE);
    await openTools(page);
    await tool(page, 'Screenshot');
    const image = page.getByRole('img', { name: 'Screenshot of the cloud phone' });
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const download = page.getByRole('link', { name: 'Download screenshot' });
    expect(await download.getAttribute('download')).toMatch(/\.png$/);
    await page.locator('.adm-dialog').getByRole('button', { name: 'Close' }).click();

    expect(await page.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width)).toBe(720);
    await openTools(page);
    await page.locator('.cp-quality-menu').getByText('Smooth').click();
    await expect.poll(() => page.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width)).toBe(360);
    await page.locator('.cp-quality-menu').getByText('HD').click();
    await expect.poll(() => page.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width)).toBe(1080);
  });

  it('professional mode shows the stream figures, and the virtual keys can be hidden', async () => {
    const page = await openPhone(MODEL_PHONE);
    await openTools(page);
    const switches = page.locator('.cp-sheet .adm-list-item');
    await switches.filter({ hasText: 'Professional mode' }).getByRole('switch').click();
    await expect.poll(() => page.getByTestId('stream-stats').textContent()).toMatch(/H264 · (\d+ fps|idle) · \d+ kbps/);
    await switches.filter({ hasText: 'Virtual keys' }).getByRole('switch').click();
    await page.locator('.cp-virtual-keys').waitFor({ state: 'detached' });
  });

  it('switches to another phone without leaving the phone layout', async () => {
    const page = await openPhone(MODEL_PHONE);
    const phones = (await asUser(page, baseUrl, userPhone.list)).data.list;
    const other = phones.find((p) => p.userPhoneId === RESTART_PHONE)!;
    await openTools(page);
    await tool(page, 'Switch phone');
    await page.waitForURL(`**/app/phone-view-switch/demo?userPhoneId=${MODEL_PHONE}`);
    const current = page.locator('.adm-list-item').filter({ hasText: 'Current' });
    expect(await current.textContent()).toContain(phones.find((p) => p.userPhoneId === MODEL_PHONE)!.name);
    await page.locator('.adm-list-item').filter({ hasText: other.name }).click();
    await page.waitForURL(`**/app/phone-view/demo?userPhoneId=${RESTART_PHONE}`);
    await waitForFrames(page);
    expect(await page.locator('.cp-phone-view__bar').textContent()).toContain(other.name);
  });
});
