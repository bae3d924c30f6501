import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { asUser, newMobile, requestLoginCode, submitCode } from './support/accounts';
import { choosePackage, payBySimulatedPay } from './support/commerce';

const { baseUrl, openPage } = useBrowser();

const DAY = 86_400_000;

interface Phone {
  userPhoneId: number;
  name: string;
  expireTime: number;
}

async function myPhones(page: Page): Promise<Phone[]> {
  const reply = await asUser(page, baseUrl, userPhone.list, { pageSize: 100 });
  return reply.data.list;
}

describe('buying and keeping phones as a new user (spec §1)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openPage('/app/login/demo');
    const mobile = newMobile();
    await submitCode(page, await requestLoginCode(page, baseUrl, mobile));
    await page.waitForURL('**/app/demo');
  });

  it('buys a Standard phone with simulated pay, shows success, then the phone is on home and streams', async () => {
    expect(await myPhones(page)).toEqual([]);
    await page.goto('/app/add-phone/demo');
    await page.getByRole('radio', { name: /^Standard/ }).click();
    await choosePackage(page, '1 day', '¥1.20');
    await page.getByRole('button', { name: 'Buy now' }).click();
    await payBySimulatedPay(page, '¥1.20');

    // The result returns home by itself.
    await page.getByText(/Returning to home in \d s/).waitFor();
    await page.waitForURL('**/app/demo', { timeout: 10_000 });
    const [phone] = await myPhones(page);
    expect(phone).toBeDefined();
    await page.getByTestId('phone-card').filter({ hasText: phone!.name }).waitFor();
    // Home's count says what it lists (issue 55): it was "All (0)" before the purchase.
    await expect.poll(() => page.locator('.adm-tabs-tab').first().textContent()).toBe('All (1)');

    await page.goto(`/app/phone-view/demo?userPhoneId=${phone!.userPhoneId}`);
    await page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.frames ?? 0) > 0, undefined, {
      timeout: 20_000,
    });
  }, 60_000);

  it('renews the phone and moves its expiry by the package duration', async () => {
    const [before] = await myPhones(page);
    await page.goto(`/app/recharge-single-phone/demo?userPhoneId=${before!.userPhoneId}`);
    await choosePackage(page, '3 days', '¥3.00');
    await page.getByRole('button', { name: 'Renew now' }).click();
    await payBySimulatedPay(page, '¥3.00');

    const after = (await myPhones(page)).find((p) => p.userPhoneId === before!.userPhoneId);
    expect(after!.expireTime - before!.expireTime).toBe(3 * DAY);
  }, 45_000);

  it('activates a purchase code and another phone appears', async () => {
    const [code] = inject('purchaseCodes');
    await page.goto('/app/activation-code/demo');
    await page.getByRole('button', { name: 'Add activation code' }).click();
    await page.waitForURL('**/app/add-code/demo?type=1');
    await page.getByRole('textbox').fill(code!);
    await page.getByRole('button', { name: 'Add (1)' }).click();
    await page.waitForURL('**/app/activation-code/demo*');
    await page.getByRole('button', { name: 'Activate (1)' }).click();

    const row = page.getByTestId('activation-code').filter({ hasText: code! });
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('success');
    await row.getByText('Activated').waitFor();
    expect(await myPhones(page)).toHaveLength(2);
    await page.goto('/app/demo');
    await expect.poll(() => page.getByTestId('phone-card').count(), { timeout: 10_000 }).toBe(2);
  }, 45_000);

  it('reports the duplicate count of pasted codes', async () => {
    await page.goto('/app/add-code/demo');
    await page.getByRole('textbox').fill('A, A B');
    await page.getByText('Codes: 2 · Duplicates not added: 1').waitFor();
    await page.getByRole('button', { name: 'Add (2)' }).click();
    await page.getByText('Codes added: 2 · Duplicates not added: 1').waitFor();
  });
});
