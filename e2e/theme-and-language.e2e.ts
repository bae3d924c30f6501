import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stored, useBrowser } from './support/browser';

const { openPage } = useBrowser();

const rootVariable = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe('tenant themes (spec §9)', () => {
  it('renders /app/tenant100 in the tenant theme', async () => {
    const page = await openPage('/app/tenant100');
    const button = page.locator('.adm-button-primary').first();
    await button.waitFor();
    expect(await rootVariable(page, '--cp-base-color')).toBe('#1C4E42');
    const style = await button.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      radius: getComputedStyle(el).borderTopLeftRadius,
    }));
    expect(style).toEqual({ background: 'rgb(28, 78, 66)', radius: '12px' });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toContain(
      'tenant100-background',
    );
  });

  it('renders /app/demo in the default theme', async () => {
    const page = await openPage('/app/demo');
    const button = page.locator('.adm-button-primary').first();
    await button.waitFor();
    expect(await rootVariable(page, '--cp-base-color')).toBe('rgba(80, 96, 255, 0.9)');
    const style = await button.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      radius: getComputedStyle(el).borderTopLeftRadius,
    }));
    expect(style).toEqual({ background: 'rgba(80, 96, 255, 0.9)', radius: '4px' });
  });
});

describe('language (spec §9)', () => {
  it('starts in Chinese for a Chinese browser and in English for any other', async () => {
    const zh = await openPage('/app/system-setting/demo', { locale: 'zh-CN' });
    await zh.getByText('系统设置').waitFor();
    const fr = await openPage('/app/system-setting/demo', { locale: 'fr-FR' });
    await fr.getByText('Settings', { exact: true }).waitFor();
  });

  it('switches language in system settings and keeps the choice after a reload', async () => {
    const page = await openPage('/app/system-setting/demo');
    await page.getByText('Settings', { exact: true }).waitFor();
    await page.getByText('简体中文').click();
    await page.getByText('系统设置').waitFor();
    expect(await stored(page, 'language')).toBe('zh-CN');
    await page.reload();
    await page.getByText('系统设置').waitFor();
  });
});

describe('agreement pages (spec §2)', () => {
  it('shows the user agreement from the API without a client lookup', async () => {
    const page = await openPage('/app/user-agreement/demo');
    await page.getByRole('heading', { name: 'User Agreement', exact: true }).waitFor();
    expect(await stored(page, 'tenantId')).toBeNull();
    // The body in the reader's language alone (issue 22).
    expect(await page.locator('.cp-agreement__content').innerText()).not.toContain('欢迎');
  });

  it('shows the privacy agreement', async () => {
    const page = await openPage('/app/privacy-agreement/tenant100');
    await page.getByRole('heading', { name: 'Privacy Policy', exact: true }).waitFor();
  });

  it('shows the agreement a type names on /agreement', async () => {
    const page = await openPage('/app/agreement/demo?type=2');
    await page.getByRole('heading', { name: 'Privacy Policy', exact: true }).waitFor();
  });
});
