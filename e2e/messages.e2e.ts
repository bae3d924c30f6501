import { describe, expect, inject, it } from 'vitest';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { apiClient } from './support/api';
import { logInByPassword } from './support/accounts';
import { useBrowser } from './support/browser';

const { baseUrl, openPage } = useBrowser();

/** Messages and customer service (issue 24). */
describe('the message centre and customer service', () => {
  it('tells the receiver of a transfer at once: a badge on Mine, an unread message that opening reads', async () => {
    const receiver = inject('messageReceiver');
    const sender = inject('messageSender');
    const page = await openPage('/app/login/demo');
    page.setDefaultTimeout(15_000);
    await logInByPassword(page, receiver.mobile, receiver.password);
    await page.waitForURL('**/app/demo');
    const mine = page.locator('.adm-tab-bar-item').filter({ hasText: 'Mine' });
    expect(await mine.locator('.adm-badge').count()).toBe(0);

    const api = await apiClient(baseUrl, sender);
    const given = await api.call(userPhone.give, {
      body: { userPhoneIds: sender.userPhoneIds, account: receiver.mobile },
    });
    expect(given.code).toBe(0);
    // Live: no reload, no polling.
    await mine.locator('.adm-badge').getByText('1').waitFor({ timeout: 10_000 });

    await mine.click();
    await page.getByText('Messages', { exact: true }).click();
    const message = page.getByTestId('message').filter({ hasText: 'Cloud phones transferred to you' });
    expect(await message.getAttribute('data-read')).toBe('false');
    await message.click();
    await page.getByTestId('message-detail').getByText('139****0036 transferred 1 cloud phone(s) to you').waitFor();
    await page.goBack();
    await expect.poll(() => message.getAttribute('data-read')).toBe('true');
    await page.goto('/app/profile/demo');
    await page.getByText('Messages', { exact: true }).waitFor();
    await expect.poll(() => mine.locator('.adm-badge').count()).toBe(0);
  });

  it('shows the customer-service QR picture the admin CLI set', async () => {
    const page = await openPage('/app/login/demo');
    await logInByPassword(page, inject('messageReceiver').mobile, inject('messageReceiver').password);
    await page.waitForURL('**/app/demo');
    await page.goto('/app/customer-service/demo');
    const qr = page.getByRole('img', { name: 'Customer service QR code' });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await qr.getAttribute('src')).toMatch(/^\/app\/brand\/demo\/customer-service-qr\?v=/);
    await page.getByText('9:00–21:00').waitFor();
  });
});
