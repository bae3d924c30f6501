import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { asUser, newMobile, requestLoginCode, submitCode } from './support/accounts';
import { useBrowser } from './support/browser';
import { showsLauncher, tap, waitForFrames } from './support/phone-screen';

const { baseUrl, openPage } = useBrowser();

// Tap points on a new (720×1280) phone's screen, as fractions of it.
const SETTINGS_ICON = [0.125, 0.347] as const;
const LANGUAGE_ROW = [0.5, 0.444] as const;
const ENGLISH_ROW = [0.5, 0.269] as const;

const accountLanguage = async (page: Page) => (await asUser(page, baseUrl, user.get)).data.language;

const systemLanguages = async (page: Page) => {
  const phones = (await asUser(page, baseUrl, userPhone.list)).data.list;
  const ids = phones.map((p) => p.userPhoneId).join(',');
  const details = await asUser(page, baseUrl, userPhone.getExtendBatch, { userPhoneIds: ids });
  return details.data.map((d) => d.language);
};

describe('one language, from the app to the phone (issue 10 §4)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openPage('/app/login/demo');
    await submitCode(page, await requestLoginCode(page, baseUrl, newMobile()));
    await page.waitForURL('**/app/demo');
  });

  it('keeps the language chosen with the app’s switch on the account, not the browser’s default', async () => {
    expect(await accountLanguage(page)).toBeNull();
    await page.goto('/app/system-setting/demo');
    await page.getByText('简体中文').click();
    await page.getByText('系统设置').waitFor();
    await expect.poll(() => accountLanguage(page)).toBe('zh-CN');
  });

  it('sells grades by their Chinese names and names the new phone in Chinese', async () => {
    await page.goto('/app/add-phone/demo');
    await page.getByRole('radio', { name: /^标准版/ }).click();
    await page.getByRole('radio', { name: /^1天\s*¥1\.20/ }).click();
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL('**/app/payment/demo?orderNo=*');
    await page.getByText('标准版 · 1 天').waitFor();
    await page.getByRole('button', { name: '支付 ¥1.20' }).click();
    await page
      .getByRole('dialog', { name: '模拟支付 ¥1.20' })
      .getByRole('button', { name: '支付', exact: true })
      .click();
    await page.getByText('支付成功').waitFor();

    await page.goto('/app/demo');
    await page.getByTestId('phone-card').filter({ hasText: '云手机 1' }).waitFor();
    // The phone's own system speaks its owner's language.
    expect(await systemLanguages(page)).toEqual(['zh-CN']);
  });

  it("switches the phone's system to English in its own Settings → Language", async () => {
    await page.getByTestId('phone-card').filter({ hasText: '云手机 1' }).click();
    await page.waitForURL('**/app/phone-view/demo?userPhoneId=*');
    await page.getByText('云手机 1').first().waitFor();
    await waitForFrames(page);
    await showsLauncher(page);
    // Taps reach the phone in order: Settings, its Language row, English.
    await tap(page, ...SETTINGS_ICON);
    await tap(page, ...LANGUAGE_ROW);
    await tap(page, ...ENGLISH_ROW);
    await expect.poll(() => systemLanguages(page), { timeout: 10_000 }).toEqual(['en-US']);
  });

  it('names the phone in English again once the app is switched back', async () => {
    await page.goto('/app/system-setting/demo');
    await page.getByText('English', { exact: true }).click();
    await page.getByText('Settings', { exact: true }).waitFor();
    await page.goto('/app/demo');
    await page.getByTestId('phone-card').filter({ hasText: 'Cloud phone 1' }).waitFor();
    expect(await accountLanguage(page)).toBe('en-US');
  });
});
