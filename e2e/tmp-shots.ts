import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_FLAGS } from './support/chromium';
import { logInByPassword } from './support/accounts';

const BASE = 'http://127.0.0.1:8787';
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
for (const locale of ['en-US', 'zh-CN']) {
  const context = await browser.newContext({
    baseURL: BASE,
    locale,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(locale, 'console:', m.text()));
  await page.goto('/app/login/demo');
  if (locale === 'en-US') await logInByPassword(page, '13800000000', 'demo1234');
  else {
    await page.locator('input').first().fill('13800000000');
    await page.locator('input[type=password]').fill('demo1234');
    await page.locator('.adm-checkbox').first().click();
    await page.locator('button[type=submit]').click();
  }
  await page.waitForURL(/home-guide/, { timeout: 15000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/${locale}-guide.png` });
  const skip = locale === 'en-US' ? 'Skip' : '跳过';
  await page.getByRole('button', { name: skip }).click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${locale}-home.png` });
  const gotIt = page.locator('.cp-expiry-reminder button').last();
  if (await gotIt.isVisible()) await gotIt.click();
  await page.getByTestId('online-entry').click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${locale}-online.png` });
  for (const path of ['discover', 'game-list', 'sdk-guide', 'download', 'single-page']) {
    await page.goto(`/app/${path}/demo${path === 'single-page' ? '?id=1' : ''}`);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/shots/${locale}-${path}.png`, fullPage: path === 'sdk-guide' });
  }
  await page.goto('/app/game-list/demo');
  await page
    .getByTestId('game')
    .first()
    .getByRole('button', { name: locale === 'en-US' ? 'Install' : '安装' })
    .click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${locale}-install.png` });
  await context.close();
}
await browser.close();
