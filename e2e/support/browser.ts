import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROME_PATH, CHROMIUM_FLAGS } from './chromium';
// What the suite's setup provides (its ProvidedContext), also where another package compiles this file.
import type {} from './global-setup';

/**
 * Shares one Chromium per spec file; every `openPage` is a fresh browser profile (its own storage,
 * cookies and service workers), like a new user's phone.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  // Every journey also checks that the server's content security policy lets the app work.
  const violations: string[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
    expect(violations).toEqual([]);
  });
  const baseUrl = inject('baseUrl');
  return {
    baseUrl,
    /** `firstRun` leaves the home guide to show, as on a browser that never opened the app (issue 29). */
    async openPage(
      path: string,
      options: { locale?: string; firstRun?: boolean; desktop?: boolean; via?: string } = {},
    ): Promise<Page> {
      // `desktop`: a computer's window at 1440 × 900 (the desktop UI, issue 30), not a phone's screen.
      const device = options.desktop
        ? { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false }
        : { viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true };
      // `via`: the product reached at another address (a slow link's relay, issue 57).
      const context = await browser.newContext({
        baseURL: options.via ?? baseUrl,
        locale: options.locale ?? 'en-US',
        ...device,
      });
      contexts.push(context);
      if (!options.firstRun) await context.addInitScript(() => localStorage.setItem('homeGuideSeen', 'true'));
      // Under the test's own 30 s: a step that waits for ever fails by name, not as a timed-out test.
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await page.goto(path);
      return page;
    },
  };
}

/** A stored value as the app keeps it (JSON under the spec's key). */
export async function stored(page: Page, key: string): Promise<unknown> {
  return page.evaluate((k) => {
    const raw = localStorage.getItem(k);
    return raw === null ? null : JSON.parse(raw);
  }, key);
}
