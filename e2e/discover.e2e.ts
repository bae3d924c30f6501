import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { issue } from '@cloudphone/contracts/endpoints/merchant/open-auth-code';
import { SdkHeader } from '@cloudphone/contracts/sdk';
import { collect } from '@cloudphone/contracts/endpoints/analytics/analytics';
import { logInByPassword } from './support/accounts';
import { stored, useBrowser } from './support/browser';

const { baseUrl, openPage } = useBrowser();

/**
 * The events of every analytics batch the page sent and the collector took (code 0). Batches sent
 * with keepalive as a page unloads (the reload below) are not seen here.
 */
function collected(page: Page) {
  const events: string[] = [];
  page.on('requestfinished', (request: Request) => {
    if (!request.url().endsWith(collect.path)) return;
    void request.response().then(async (reply) => {
      if ((await reply?.json())?.code !== 0) return;
      const body = request.postDataJSON() as { events: { event: string }[] };
      events.push(...body.events.map((e) => e.event));
    });
  });
  return events;
}

/** Discover, games, guides and entry from a merchant's app (issue 29). */
describe('discover and the game channel', () => {
  it('walks a first visit through the guide once, shows the CLI banner, pins a game and installs one onto two phones, and sends analytics', async () => {
    const gamer = inject('gamer');
    const page = await openPage('/app/login/demo', { firstRun: true });
    page.setDefaultTimeout(20_000);
    const events = collected(page);
    await logInByPassword(page, gamer.mobile, gamer.password);

    await page.getByTestId('home-guide').waitFor();
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.waitForURL('**/app/demo');
    await page.reload();
    await page.getByText('Cloud phone 1').first().waitFor();
    expect(page.url()).toMatch(/\/app\/demo$/);

    await page.locator('.adm-tab-bar-item').filter({ hasText: 'Discover' }).click();
    await page
      .getByRole('img', { name: `Banner: ${inject('discoverBanner')}` })
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Game channel', exact: true }).click();
    const games = page.getByTestId('game');
    await games.filter({ hasText: 'Neon Racer' }).getByRole('button', { name: 'Pin' }).click();
    await expect.poll(() => games.first().getAttribute('data-pinned')).toBe('true');
    expect(await games.first().textContent()).toContain('Neon Racer');

    await games.filter({ hasText: 'Gold Miner' }).getByRole('button', { name: 'Install' }).click();
    await page.getByText('Select all').click();
    await page.getByRole('button', { name: 'Install on 2 phones' }).click();
    await page.getByTestId('push-summary').getByText('All done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('push-summary').textContent()).toContain('2 / 2 done, 0 failed');

    await expect.poll(() => events, { timeout: 15_000 }).toEqual(expect.arrayContaining(['page_view', 'game_install']));
  });

  it("signs a user of a non-h5 client in with the one-time code the merchant's server asked for", async () => {
    const { accessKey, secretKey } = inject('merchantKey');
    const body = JSON.stringify({ clientNo: 'desk', mobile: inject('gamer').mobile });
    const time = String(Date.now());
    const reply = await fetch(`${baseUrl}${issue.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SdkHeader.accessKey]: accessKey,
        [SdkHeader.requestTime]: time,
        [SdkHeader.signature]: signSdkRequest(secretKey, 'POST', issue.path, time, body),
      },
      body,
    });
    const { data } = (await reply.json()) as { data: { entryPath: string } };

    const page = await openPage(data.entryPath);
    await page.locator('.cp-home').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/app/desk');
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    expect(await stored(page, 'token')).toEqual(expect.any(String));
  });
});
