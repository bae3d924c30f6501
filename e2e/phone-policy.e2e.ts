import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as clone from '@cloudphone/contracts/endpoints/device/clone';
import * as template from '@cloudphone/contracts/endpoints/device/template';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { ERRORS } from '@cloudphone/contracts/errors';
import { apiClient } from './support/api';
import { latestCode, logInByPassword } from './support/accounts';
import { useBrowser } from './support/browser';
import { tap, waitForFrames } from './support/phone-screen';

const { baseUrl, openPage } = useBrowser();

/** The owner's phone, open live in the phone view. */
async function watchPhone(account: { mobile: string; password: string }, userPhoneId: number): Promise<Page> {
  const page = await openPage('/app/login/demo');
  page.setDefaultTimeout(15_000);
  await logInByPassword(page, account.mobile, account.password);
  await page.waitForURL('**/app/demo');
  await page.goto(`/app/phone-view/demo?userPhoneId=${userPhoneId}`);
  await waitForFrames(page);
  return page;
}

describe('one rule for a phone (issue 20)', () => {
  it('closes the open stream of an account within a second of its cancellation', async () => {
    const account = inject('canceller');
    const page = await watchPhone(account, account.userPhoneIds[0]!);
    const api = await apiClient(baseUrl, account);
    expect((await api.call(auth.sendSmsCodeLogging, { body: { scene: 4 } })).code).toBe(0);
    const code = await latestCode(page, baseUrl, account.mobile, 4);

    const cancelled = await api.call(user.unregister, { body: { code } });
    expect(cancelled.code).toBe(0);
    const at = Date.now();
    // The host closes the stream and the page says access ended.
    await page.getByText(ERRORS.authorizationFailed['en-US']).waitFor({ timeout: 2_000 });
    expect(Date.now() - at).toBeLessThan(1_000);
  });

  it('answers a tap on a phone being cloned with the refusal, on the stream', async () => {
    const account = inject('cloner');
    const [phone] = account.userPhoneIds;
    const page = await watchPhone(account, phone!);
    const api = await apiClient(baseUrl, account);
    // A template of the phone, then a clone of it back onto the phone: cloning holds it for a few seconds.
    const made = await api.call(template.create, { body: { userPhoneId: phone!, name: 'Policy' } });
    expect(made.code).toBe(0);
    await expect
      .poll(
        async () => {
          const page = await api.call(template.page, { query: { pageNo: 1, pageSize: 10 } });
          return page.data.list.find((t) => t.templateId === made.data.templateId)?.state;
        },
        { timeout: 15_000 },
      )
      .toBe('ready');
    const cloning = await api.call(clone.create, {
      body: { templateId: made.data.templateId, userPhoneIds: [phone!] },
    });
    expect(cloning.code).toBe(0);

    const refusal = page.getByText(ERRORS.deviceCloning['en-US']);
    await expect
      .poll(
        async () => {
          await tap(page, 0.5, 0.5);
          return refusal.isVisible();
        },
        { timeout: 4_000, interval: 300 },
      )
      .toBe(true);
  });
});
