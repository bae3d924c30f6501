import { describe, expect, it } from 'vitest';
import * as clientFunction from '@cloudphone/contracts/endpoints/merchant/client-function';
import { stored, useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';

const { openPage } = useBrowser();

describe('navigation rules in the browser (spec §2)', () => {
  it('sends a first visit without a client number to the 404 page', async () => {
    const page = await openPage('/app/');
    await page.waitForURL('**/app/404');
    await page.getByText('Page not found').first().waitFor();
  });

  it('looks the client up, stores it and asks a visitor to log in before home', async () => {
    const page = await openPage('/app/demo');
    await page.waitForURL('**/app/login/demo?redirect=%2Fdemo');
    // The look-up stores the client's ids first and its about-app data after a second reply.
    await expect.poll(() => stored(page, 'aboutAppData')).toMatchObject({ clientName: 'Cloudphone', theme: 'default' });
    expect(await stored(page, 'clientNo')).toBe('demo');
    expect(await stored(page, 'tenantId')).toBe(1);
  });

  it('appends the stored client number to a path that lacks it', async () => {
    const page = await openPage('/app/about-us/demo');
    await page.getByText('Version').waitFor();
    await page.goto('/app/about-us');
    await page.waitForURL('**/app/about-us/demo');
    await page.getByText('Cloudphone', { exact: true }).waitFor();
  });

  it('shows the server message for an unknown client number and goes to 404', async () => {
    const page = await openPage('/app/about-us/nosuchclient');
    await page.getByRole('alert').filter({ hasText: 'Client number does not exist' }).waitFor();
    await page.waitForURL('**/app/404');
  });

  it('refuses a non-h5 client without a code', async () => {
    const page = await openPage('/app/about-us/desk');
    await page.getByRole('alert').filter({ hasText: 'Please use the h5 client number' }).waitFor();
    await page.waitForURL('**/app/404');
  });

  it('sends a logged-in user who opens login to home', async () => {
    const page = await openPage('/app/about-us/demo');
    await page.getByText('Version').waitFor();
    await page.evaluate(() => localStorage.setItem('token', JSON.stringify('some-token')));
    // The token is made up: home's calls would answer 401 and end the session, racing the check below.
    await page.route('**/api/device/**', (route) => route.abort());
    await page.goto('/app/login/demo');
    await page.waitForURL('**/app/demo');
  });

  it('clears stored login data when the client number changes', async () => {
    const page = await openPage('/app/about-us/demo');
    await page.getByText('Version').waitFor();
    await page.evaluate(() => localStorage.setItem('token', JSON.stringify('demo-token')));
    await page.goto('/app/about-us/tenant100');
    await page.getByText('Cloudphone AI').waitFor();
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'clientNo')).toBe('tenant100');
    expect(await stored(page, 'tenantId')).toBe(100);
  });

  it('shows the function-off page for a function its client switched off, opened by URL (issue 55)', async () => {
    const page = await openPage('/app/login/lite');
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.locator('.adm-tab-bar-item').first().waitFor();
    expect(await page.locator('.adm-tab-bar-item').count()).toBe(2);
    expect(await page.locator('.adm-tab-bar-item').filter({ hasText: 'Discover' }).count()).toBe(0);
    await page.goto('/app/discover/lite');
    await page.getByText('This function is not enabled').waitFor();
    await page.getByRole('button', { name: 'Cloud phone' }).click();
    await page.waitForURL('**/app/lite');
  });

  it('slides a lower-level page in from the right', async () => {
    const page = await openPage('/app/about-us/demo');
    await page.getByText('User Agreement').waitFor();
    // A returning visitor sees the page at once while the client look-up refreshes it — which it does
    // when the page's inlined answers are in another language than the one chosen here (Chinese, in
    // an English browser): hold that look-up back until the next page has opened, so that its end
    // renders that page again.
    await page.evaluate(() => localStorage.setItem('language', JSON.stringify('zh-CN')));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${clientFunction.list.path}*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    // The agreement titles stay the HTML's, English, until the held look-up ends.
    await page.getByText('User Agreement').click();
    await page.waitForURL('**/app/user-agreement/demo');
    // The URL changes before the new page's files arrive; the old page stays until they do.
    const transition = () => page.locator('.cp-page').getAttribute('data-transition');
    await expect.poll(transition).toBe('from-right');
    const lookedUp = page.waitForResponse(`**${clientFunction.list.path}*`);
    release();
    await lookedUp;
    await page.waitForLoadState('networkidle');
    // The slide belongs to the page's opening: a later render does not cut it short.
    expect(await transition()).toBe('from-right');
  });
});

describe('the installable app (spec §2)', () => {
  it('serves the manifest and registers the service worker with scope /app/', async () => {
    const page = await openPage('/app/about-us/demo');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/app\/$/);
    const manifest = await page.evaluate(async () => (await fetch('/app/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ scope: '/app/', display: 'standalone' });
  });
});
