import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_FLAGS } from './support/chromium';
import { logInByPassword } from './support/accounts';
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
for (const locale of ['en-US', 'zh-CN']) {
  const context = await browser.newContext({
    baseURL: 'http://127.0.0.1:8787',
    locale,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(locale, 'console:', m.text()));
  page.on('pageerror', (e) => console.log(locale, 'pageerror:', e.message));
  await page.goto('/desktop/login/demo');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/desk-${locale}-login.png` });
  if (locale === 'en-US') {
    await logInByPassword(page, '13800000000', 'demo1234');
    await page.getByTestId('desk-phone').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/tmp/shots/desk-list.png` });
    const [win] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('desk-phone').first().getByRole('button', { name: 'Open' }).click(),
    ]);
    await win.setViewportSize({ width: 420, height: 780 });
    await win.waitForTimeout(4000);
    await win.screenshot({ path: `/tmp/shots/desk-window.png` });
    console.log('title', await win.title());
    await page.goto('/desktop/settings/demo');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/desk-settings.png` });
    await page.goto('/desktop/about/demo');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/desk-about.png` });
  }
  await context.close();
}
await browser.close();
