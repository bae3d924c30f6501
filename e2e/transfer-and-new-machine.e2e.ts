import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { buyStandardPhone, catalogueCall } from './support/api';
import { stored, useBrowser } from './support/browser';
import { asUser, newMobile, requestLoginCode, submitCode, tenantHeaders } from './support/accounts';
import {
  ABOUT_PHONE_ROWS,
  changedPixels,
  openAboutPhone,
  settledBand,
  showsLauncher,
  waitForFrames,
} from './support/phone-screen';

const { openPage, baseUrl } = useBrowser();

/** The page's user's headers for calls from the script: tenant and bearer token. */
async function userHeaders(page: Page): Promise<Record<string, string>> {
  const token = String(await stored(page, 'token'));
  return { ...(await tenantHeaders(page)), authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/** Buys one Standard phone of 3 days or more with simulated pay (spec §9: a transfer needs over 24 h left). */
async function buyPhone(page: Page): Promise<number> {
  const headers = await userHeaders(page);
  return (await buyStandardPhone(catalogueCall(baseUrl, headers), 3)).userPhoneIds[0]!;
}

async function logIn(mobile: string): Promise<Page> {
  const page = await openPage('/app/login/demo');
  page.setDefaultTimeout(15_000);
  await submitCode(page, await requestLoginCode(page, baseUrl, mobile));
  await page.waitForURL('**/app/demo');
  return page;
}

/** The open confirmation dialog. */
const confirmation = (page: Page) => page.locator('.adm-dialog-body').filter({ visible: true }).last();

/** Opens the phone's view at its home screen. */
async function openPhone(page: Page, userPhoneId: number): Promise<void> {
  await page.goto(`/app/phone-view/demo?userPhoneId=${userPhoneId}`);
  await waitForFrames(page);
  await showsLauncher(page, { pressHome: true });
}

/** About phone's model and IMEI rows, as the phone draws them. */
async function aboutRows(page: Page): Promise<{ model: string; imei: string }> {
  await openAboutPhone(page);
  return {
    model: await settledBand(page, ...ABOUT_PHONE_ROWS.model),
    imei: await settledBand(page, ...ABOUT_PHONE_ROWS.imei),
  };
}

describe('phones between accounts (spec §1, §2)', () => {
  const sender = newMobile();
  const receiver = newMobile();
  let userPhoneId = 0;
  /** B's page, signed in by the first journey. */
  let b: Page;

  it('A transfers a phone to B from batch operation, and B sees it stream', async () => {
    // Both sign up by SMS; A buys a phone of 3 days.
    b = await logIn(receiver);
    const a = await logIn(sender);
    userPhoneId = await buyPhone(a);
    await a.reload();
    await a.getByTestId('phone-card').first().waitFor();
    await a.goto('/app/batch-operation/demo');
    await a.getByRole('checkbox', { name: /Cloud phone 1/ }).click();
    await a.getByRole('button', { name: 'Transfer' }).click();
    await a.waitForURL(`**/transfer-device/demo?userPhoneIds=${userPhoneId}`);
    await a.getByRole('textbox', { name: 'Receiving account' }).fill(receiver);
    await a.getByRole('button', { name: 'Check' }).click();
    await a.getByTestId('transfer-check').getByText('Can be transferred').waitFor();
    await a.getByRole('button', { name: 'Transfer', exact: true }).click();
    await confirmation(a).getByText(`Transfer 1 cloud phone to ${receiver}?`, { exact: false }).waitFor();
    await confirmation(a).getByRole('button', { name: 'Transfer' }).click();
    await a.waitForURL('**/transfer-list/demo');
    await a.locator('[data-testid="transfer-record"][data-status="successful"]').waitFor();
    const masked = `${receiver.slice(0, 3)}****${receiver.slice(-4)}`;
    expect(await a.getByTestId('transfer-record').textContent()).toContain(masked);
    const left = await asUser(a, baseUrl, userPhone.list);
    expect(left.data.total).toBe(0);
    // A's view of the phone now says it is gone and leads home, with no phone keys to press (issue 55).
    await a.goto(`/app/phone-view/demo?userPhoneId=${userPhoneId}`);
    await a.getByRole('button', { name: 'Back to home' }).waitFor();
    expect(await a.getByRole('button', { name: 'Home', exact: true }).count()).toBe(0);

    // B's home, open all along, shows the phone and counts it, without a reload (issue 55).
    await b.getByTestId('phone-card').filter({ hasText: 'Cloud phone 1' }).waitFor();
    await expect.poll(() => b.locator('.adm-tabs-tab').first().textContent()).toBe('All (1)');
    await b.getByTestId('phone-card').filter({ hasText: 'Cloud phone 1' }).click();
    await b.waitForURL(`**/phone-view/demo?userPhoneId=${userPhoneId}`);
    await waitForFrames(b);
    await showsLauncher(b, { pressHome: true });
  }, 60_000);

  it('B makes the phone new from its tools: About phone shows another model and IMEI', async () => {
    await openPhone(b, userPhoneId);
    const identity = async () =>
      (await asUser(b, baseUrl, userPhone.getExtendBatch, { userPhoneIds: String(userPhoneId) })).data[0]!;
    const before = await identity();
    const aboutBefore = await aboutRows(b);

    await b.getByRole('button', { name: 'Tools' }).click();
    await b.locator('.cp-tools-grid').getByRole('button', { name: 'New machine' }).click();
    await b.waitForURL(`**/new-machine/demo?userPhoneIds=${userPhoneId}`);
    expect(await b.getByRole('checkbox', { name: /Cloud phone 1/ }).getAttribute('aria-checked')).toBe('true');
    await b.getByRole('button', { name: 'Make new' }).click();
    await confirmation(b).getByText('Make 1 cloud phone new?', { exact: false }).waitFor();
    await confirmation(b).getByRole('button', { name: 'Make new' }).click();
    await b.locator('[data-testid="new-machine-record"][data-status="successful"]').waitFor({ timeout: 20_000 });

    const after = await identity();
    expect(after.model).not.toBe(before.model);
    expect(after.imei).not.toBe(before.imei);
    const record = b.getByTestId('new-machine-record');
    expect(await record.textContent()).toContain(after.imei);

    await openPhone(b, userPhoneId);
    const aboutAfter = await aboutRows(b);
    // The model and IMEI rows now read differently.
    expect(changedPixels(aboutBefore.model, aboutAfter.model)).toBeGreaterThan(50);
    expect(changedPixels(aboutBefore.imei, aboutAfter.imei)).toBeGreaterThan(50);
  }, 90_000);
});
