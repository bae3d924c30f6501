import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, logInByPassword, loginForm } from './support/accounts';
import { useBrowser } from './support/browser';

const { baseUrl, openPage } = useBrowser();

describe('pages opened directly, and the frame around them (issue 10 §5)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openPage('/app/login/demo');
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.waitForURL('**/app/demo');
  });

  it.each([
    ['/app/payment/demo', 'No order chosen', 'Go to purchase records', '**/app/order-list/demo'],
    ['/app/pay-result/demo', 'No order chosen', 'Go to purchase records', '**/app/order-list/demo'],
    ['/app/upgrade-phone/demo', 'No phone chosen to upgrade', 'Choose a phone', '**/app/upgrade-select-phone/demo'],
    ['/app/recharge-single-phone/demo', 'No phone chosen to renew', 'Choose a phone', '**/app/recharge-phone/demo'],
  ])('%s without its query says what is missing and leads on', async (path, message, action, next) => {
    await page.goto(path);
    await page.getByText(message).waitFor();
    await page.getByRole('button', { name: action }).click();
    await page.waitForURL(next);
  });

  it('keeps the phone chosen for renewal by code after a code is added', async () => {
    await page.goto('/app/renew-code/demo');
    const phone = page.getByTestId('picker-phone').filter({ hasText: 'Cloud phone 2' });
    await phone.click();
    await page.getByRole('button', { name: 'Add activation code' }).click();
    await page.getByRole('textbox').fill('ABCDEFGH2345');
    await page.getByRole('button', { name: 'Add (1)' }).click();
    await page.waitForURL('**/app/renew-code/demo*');
    await page.getByTestId('activation-code').filter({ hasText: 'ABCDEFGH2345' }).waitFor();
    expect(await phone.getAttribute('aria-checked')).toBe('true');
  });

  it('keeps the simulated-pay buttons on a 390 px screen and notifications under the header', async () => {
    await page.goto('/app/add-phone/demo');
    await page.getByRole('radio', { name: /^1 day\s*¥1\.20/ }).click();
    // The demo's best coupon is taken off by default (issue 22).
    await expect.poll(() => page.getByTestId('pay-price').textContent()).toBe('¥0.96');
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL('**/app/payment/demo?orderNo=*');

    // A refusal shows below the navigation bar, whose back arrow stays in reach.
    await page.getByText('Activation code', { exact: true }).click();
    await page.getByRole('textbox').fill('abc');
    await page.getByRole('button', { name: 'Pay ¥0.96' }).click();
    const notification = (await page.getByRole('alert').first().boundingBox())!;
    const header = (await page.locator('.adm-nav-bar').boundingBox())!;
    expect(notification.y).toBeGreaterThanOrEqual(header.y + header.height);

    await page.getByText('Simulated pay', { exact: true }).click();
    await page.getByRole('button', { name: 'Pay ¥0.96' }).click();
    const sheet = page.getByRole('dialog', { name: 'Simulated payment ¥0.96' });
    const pay = (await sheet.getByRole('button', { name: 'Pay', exact: true }).boundingBox())!;
    expect(pay.x + pay.width).toBeLessThanOrEqual(390);
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/app/pay-result/demo?orderNo=*');
  });

  it('shows the Discover tab, which the demo client has switched on', async () => {
    await page.goto('/app/demo');
    await page.locator('.adm-tab-bar-item').filter({ hasText: 'Mine' }).waitFor();
    expect(await page.locator('.adm-tab-bar-item-title').allTextContents()).toEqual([
      'Cloud phone',
      'Discover',
      'Mine',
    ]);
  });

  it('registers the service worker at /sw.js with scope /app/', async () => {
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${baseUrl}/app/`, script: `${baseUrl}/sw.js` });
  });
});

describe('the old-domain notice (spec §2, §8)', () => {
  it("leads to the login page on the merchant's new host", async () => {
    const page = await openPage('/app/about-us/moved');
    await page.getByRole('button', { name: 'Visit the new domain' }).click();
    const port = new URL(baseUrl).port;
    await page.waitForURL(`http://localhost:${port}/app/login/moved`);
    await loginForm(page).mobile.waitFor();
  });
});
