import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { NEON_RACER_APK } from '@cloudphone/apk/fixtures';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import * as files from '@cloudphone/contracts/endpoints/files/index';
import * as activationCode from '@cloudphone/contracts/endpoints/promotion/activation-code';
import { apiClient, buyStandardPhone, catalogueCall } from './support/api';
import { DEMO, latestCode, logInByPassword, newMobile, tenantHeaders } from './support/accounts';
import { stored, useBrowser } from './support/browser';
import { waitForFrames } from './support/phone-screen';

const { baseUrl, openPage } = useBrowser();

/** Looks and feels like a product (issue 22). */
describe('a product, not a template', () => {
  it('draws an app’s adaptive icon on the launcher: its foreground over its background', async () => {
    const owner = inject('iconOwner');
    const [phone] = owner.userPhoneIds;
    const api = await apiClient(baseUrl, owner);
    const fileId = await api.upload(readFileSync(NEON_RACER_APK), 'neon-racer.apk', 'app');
    const pushed = await api.call(files.push, { body: { fileIds: [fileId], userPhoneIds: [phone!], install: true } });
    await expect
      .poll(
        async () => (await api.call(files.pushPage, { query: { batchId: pushed.data.batchId } })).data.list[0]?.state,
        { timeout: 20_000, interval: 500 },
      )
      .toBe('install_success');

    const page = await openPage('/app/login/demo');
    await logInByPassword(page, owner.mobile, owner.password);
    await page.waitForURL('**/app/demo');
    await page.goto(`/app/phone-view/demo?userPhoneId=${phone}`);
    await waitForFrames(page);
    // The icon's two colours: the orange background (#ff6d00) and the magenta foreground (#e91e63).
    const near = (r: number, g: number, b: number) =>
      page.evaluate(
        ([r, g, b]) => {
          const canvas = document.querySelector('canvas') as HTMLCanvasElement;
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let count = 0;
          for (let i = 0; i < data.length; i += 4)
            if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 40) count++;
          return count;
        },
        [r, g, b] as const,
      );
    await expect.poll(() => near(255, 109, 0), { timeout: 10_000 }).toBeGreaterThan(50);
    expect(await near(233, 30, 99)).toBeGreaterThan(20);
  });

  it('gives tenant100 its own manifest, naming icons made from its own logo', async () => {
    const page = await openPage('/app/login/tenant100');
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? ''))
      .toContain('/app/brand/tenant100/manifest.webmanifest');
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
      return (await fetch(href)).json() as Promise<{ id: string; name: string; icons: { src: string }[] }>;
    });
    expect(manifest).toMatchObject({ id: '/app/tenant100', name: 'Cloudphone AI' });
    expect(manifest.icons.length).toBe(2);
    for (const icon of manifest.icons) {
      expect(icon.src).toContain('/app/brand/tenant100/icon-');
      const type = await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), icon.src);
      expect(type).toBe('image/png');
    }
    expect(await page.title()).toBe('Cloudphone AI');
  });

  it('preselects the coupon that saves the most at checkout, which the customer can drop', async () => {
    const page = await openPage('/app/login/demo');
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.waitForURL('**/app/demo');
    await page.goto('/app/add-phone/demo');
    await page.getByRole('radio', { name: /^Standard/ }).click();
    const payPrice = () => page.getByTestId('pay-price').textContent();
    // ¥24 for 30 days: ¥5 off (orders from ¥10) saves more than 20% off (¥4.80); the extension is never chosen.
    await page.getByRole('radio', { name: /^30 days\s*¥/ }).click();
    await expect.poll(payPrice, { timeout: 10_000 }).toBe('¥19.00');
    await page.getByText('¥5 off orders from ¥10').first().waitFor();
    // ¥6 for 7 days: the ¥5 coupon does not fit; 20% off does.
    await page.getByRole('radio', { name: /^7 days\s*¥/ }).click();
    await expect.poll(payPrice, { timeout: 10_000 }).toBe('¥4.80');
    await page.getByText('Coupon', { exact: true }).click();
    await page.getByRole('button', { name: 'No coupon' }).click();
    await expect.poll(payPrice, { timeout: 10_000 }).toBe('¥6.00');
  });

  it('starts a phone bought by a new Chinese-speaking account in Chinese, whatever language the purchase was asked in', async () => {
    const page = await openPage('/app/login/demo', { locale: 'zh-CN' });
    const mobile = newMobile();
    await page.locator('.adm-tabs-tab').filter({ hasText: '验证码登录' }).click();
    await page.getByPlaceholder('请输入手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await latestCode(page, baseUrl, mobile);
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByText('我已阅读并同意').click();
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/app/demo');

    // The purchase asked in English, paid by simulated pay: the phone is made by the payment, not the page.
    const headers = {
      ...(await tenantHeaders(page)),
      authorization: `Bearer ${String(await stored(page, 'token'))}`,
      'accept-language': 'en-US',
      'content-type': 'application/json',
    };
    const call = catalogueCall(baseUrl, headers);
    const [phone] = (await buyStandardPhone(call)).userPhoneIds;
    const details = (await call(userPhone.getExtendBatch, { query: { userPhoneIds: String(phone) } })).data;
    expect(details[0]?.language).toBe('zh-CN');
  });

  it('never gives two phones of an account one default name, after a transfer out and a purchase', async () => {
    const owner = inject('iconOwner');
    const api = await apiClient(baseUrl, owner);
    const names = async () =>
      (await api.call(userPhone.list, { query: { pageSize: 100 } })).data.list.map((p) => p.name);
    // Two more phones by activation code, then the first one goes to another account, then one more.
    for (const code of inject('purchaseCodes').slice(3, 5))
      expect((await api.call(activationCode.activate, { body: { codes: [code], usage: 'buy' } })).code).toBe(0);
    const before = (await api.call(userPhone.list)).data.list;
    expect(
      (
        await api.call(userPhone.give, {
          body: { userPhoneIds: [before[0]!.userPhoneId], account: inject('liveReceiver').mobile },
        })
      ).code,
    ).toBe(0);
    expect(
      (await api.call(activationCode.activate, { body: { codes: [inject('purchaseCodes')[2]!], usage: 'buy' } })).code,
    ).toBe(0);
    const shown = await names();
    expect(new Set(shown).size).toBe(shown.length);
  });
});
