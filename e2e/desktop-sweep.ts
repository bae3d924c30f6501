/**
 * The desktop sweep (issue 31; beside the e2e, not in CI): logs in to a running product's desktop UI in
 * Chromium at 1440 × 900, opens every desktop screen in both languages, and reports console errors,
 * HTTP errors and horizontal overflow per screen; exits 1 if any. `--docs` also writes the main
 * screens' pictures (en-US) to docs/desktop/.
 *
 *   npm start                                    # in another terminal: the product with demo data
 *   npm run desktop:sweep -- [--base http://localhost:8080] [--client demo] [--docs]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { DESKTOP_SCREENS } from '@cloudphone/contracts/desktop';
import { CHROME_PATH, CHROMIUM_FLAGS } from './support/chromium';

const { values: options } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:8080' },
    client: { type: 'string', default: 'demo' },
    mobile: { type: 'string', default: '13800000000' },
    password: { type: 'string', default: 'demo1234' },
    out: { type: 'string', default: 'desktop-sweep' },
    docs: { type: 'boolean', default: false },
  },
});
/** The screens whose pictures the README shows. */
const DOCS = new Set(['files', 'sync', 'buy', 'orders', 'transfer', 'grants', 'messages']);
const LANGUAGES = ['en-US', 'zh-CN'];

const screens = [{ key: 'phones', path: '' }, ...DESKTOP_SCREENS.map((key) => ({ key, path: `/${key}` }))];

async function logIn(page: Page, language: string) {
  await page.goto(`${options.base}/desktop/login/${options.client}`);
  await page.evaluate((l) => localStorage.setItem('language', JSON.stringify(l)), language);
  await page.reload();
  await page.locator('input').nth(0).fill(options.mobile);
  await page.locator('input[type=password]').fill(options.password);
  await page.locator('input[type=checkbox]').check();
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.includes('/login/'));
}

const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
mkdirSync(options.out, { recursive: true });
let problems = 0;
for (const language of LANGUAGES) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: language });
  const page = await context.newPage();
  let log: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && log.push(`console: ${m.text().slice(0, 160)}`)));
  page.on('pageerror', (e) => log.push(`page error: ${String(e).slice(0, 160)}`));
  page.on('response', (r) => void (r.status() >= 400 && log.push(`HTTP ${r.status()} ${r.url()}`)));
  await logIn(page, language);
  for (const screen of screens) {
    log = [];
    await page.goto(`${options.base}/desktop${screen.path}/${options.client}`);
    await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
    await page.waitForTimeout(1000);
    // The page, and any part of it, wider than the window or than its own box.
    const overflow = await page.evaluate(() => {
      const content = document.querySelector('.cp-desk__content');
      return Math.max(
        document.documentElement.scrollWidth - innerWidth,
        content ? content.scrollWidth - content.clientWidth : 0,
      );
    });
    if (overflow > 0) log.push(`overflow ${overflow}px`);
    const shot = `${screen.key}.${language}.png`;
    await page.screenshot({ path: join(options.out, shot) });
    if (options.docs && language === 'en-US' && DOCS.has(screen.key))
      await page.screenshot({ path: join('docs', 'desktop', `screen-${screen.key}.png`) });
    problems += log.length;
    console.log(`${language} ${screen.key.padEnd(12)} ${log.length ? log.join('; ') : 'ok'}`);
  }
  await context.close();
}
await browser.close();
console.log(`\n${problems} problems; pictures in ${options.out}/`);
process.exit(problems ? 1 : 0);
