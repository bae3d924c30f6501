/**
 * The console sweep (issue 62; beside the e2e, not in CI, as the desktop sweep is): signs in to a
 * running product's console in Chromium at 1440 × 900 as the demo owner — then as the demo platform's
 * operator for the sections only the platform has (its hosts) — opens every section in both languages, and reports console errors, HTTP errors and horizontal overflow per section; exits 1 if any.
 *
 *   npm start                                    # in another terminal: the product with demo data
 *   npm run console:sweep -- [--base http://localhost:8080] [--out console-sweep]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CONSOLE_SECTIONS, operatorMay, type ConsoleSectionKey } from '@cloudphone/contracts/operators';
import { DEMO_OPERATOR, DEMO_PLATFORM_OPERATOR } from './support/accounts';
import { CHROME_PATH, CHROMIUM_FLAGS } from './support/chromium';
import { signInToConsole } from './support/console';

const { values: options } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:8080' },
    out: { type: 'string', default: 'console-sweep' },
  },
});
const LANGUAGES = ['en-US', 'zh-CN'];

const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
mkdirSync(options.out, { recursive: true });
let problems = 0;
for (const language of LANGUAGES) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: language });
  await context.addInitScript((l) => localStorage.setItem('language', JSON.stringify(l)), language);
  const page = await context.newPage();
  let log: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && log.push(`console: ${m.text().slice(0, 160)}`)));
  page.on('pageerror', (e) => log.push(`page error: ${String(e).slice(0, 160)}`));
  page.on('response', (r) => void (r.status() >= 400 && log.push(`HTTP ${r.status()} ${r.url()}`)));
  // The owner sees its merchant's sections; the platform's operator the platform's own after them.
  const seen = new Set<string>();
  for (const { operator, role } of [
    { operator: DEMO_OPERATOR, role: 'owner' },
    { operator: DEMO_PLATFORM_OPERATOR, role: 'operations' },
  ] as const) {
    const sections = (Object.keys(CONSOLE_SECTIONS) as ConsoleSectionKey[]).filter(
      (key) => !seen.has(key) && operatorMay({ role, tenantId: operator.tenantId }, CONSOLE_SECTIONS[key]),
    );
    await page.goto(`${options.base}/console/`);
    await page.evaluate(() => localStorage.removeItem('consoleSession'));
    await page.reload();
    await signInToConsole(page, operator);
    for (const section of sections) {
      seen.add(section);
      log = [];
      await page.goto(`${options.base}/console/${section}`);
      await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
      await page.waitForTimeout(800);
      // The page, and its content, wider than the window or than its own box.
      const overflow = await page.evaluate(() => {
        const content = document.querySelector('.cp-console-content');
        return Math.max(
          document.documentElement.scrollWidth - innerWidth,
          content ? content.scrollWidth - content.clientWidth : 0,
        );
      });
      if (overflow > 0) log.push(`overflow ${overflow}px`);
      await page.screenshot({ path: join(options.out, `${section}.${language}.png`) });
      problems += log.length;
      console.log(`${language} ${section.padEnd(10)} ${log.length ? log.join('; ') : 'ok'}`);
    }
  }
  await context.close();
}
await browser.close();
console.log(`\n${problems} problems; pictures in ${options.out}/`);
process.exit(problems ? 1 : 0);
