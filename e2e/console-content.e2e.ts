import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEAL_NOTES_APK } from '@cloudphone/apk/fixtures';
import { DEMO, DEMO_OPERATOR, logInByPassword } from './support/accounts';
import { apiClient, buyStandardPhone } from './support/api';
import { useBrowser } from './support/browser';
import { newOperator, openSection, signInToConsole } from './support/console';
import { useOwnServer } from './support/own-server';

/**
 * The console's content and dashboard (issue 64) at 1440 × 900, on a server of its own (a broadcast
 * reaches every customer of the shared one): an operations operator adds a banner that leads to the
 * game channel, a game from its APK and a broadcast, and the customer's app shows each; the owner's
 * dashboard counts the phone the customer buys in today's revenue.
 */
const { openPage } = useBrowser();
const BANNER_PICTURE = resolve(import.meta.dirname, '../apps/web/public/icons/banner.svg');
const ownServer = useOwnServer('console-content');

const revenue = async (page: Page) => (await page.getByTestId('dashboard-revenue').textContent())!.trim();

describe('the console edits what customers read', () => {
  it('puts a banner, a game and a broadcast before the customer, and counts their purchase in today’s revenue', async () => {
    const server = ownServer();
    const operations = await newOperator(server.baseUrl, DEMO_OPERATOR, 'operations');
    const console = await openPage(`${server.baseUrl}/console/`, { desktop: true });
    await signInToConsole(console, operations);

    await openSection(console, 'Discover');
    await console.getByRole('button', { name: 'Add banner' }).click();
    const form = console.getByRole('dialog');
    await form.locator('input[type=file]').setInputFiles(BANNER_PICTURE);
    await form.getByLabel('Title').fill('Gold rush');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await console.getByRole('tab', { name: 'Game channel' }).click();
    const [apk] = await Promise.all([console.waitForEvent('filechooser'), console.getByTestId('game-upload').click()]);
    await apk.setFiles(TEAL_NOTES_APK);
    await console.getByRole('row', { name: /Teal Notes/ }).waitFor();

    await openSection(console, 'Messages');
    await console.getByLabel('Title').fill('Maintenance tonight');
    await console.getByLabel('Message').fill('The service pauses from 2:00 to 2:30.');
    await console.getByRole('button', { name: 'Send' }).click();
    await console.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await console.getByRole('row', { name: /Maintenance tonight/ }).waitFor();

    const customer = await openPage(`${server.baseUrl}/app/login/demo`);
    await logInByPassword(customer, DEMO.mobile, DEMO.password);
    await customer.locator('.adm-tab-bar').getByText('Discover').click();
    // The banners turn by themselves: the one added is pressed where it is, not chased across the swiper.
    const banner = customer.getByTestId('banner').filter({ has: customer.getByRole('img', { name: /Gold rush/ }) });
    await banner.first().waitFor({ state: 'attached' });
    await banner.first().evaluate((button: HTMLButtonElement) => button.click());
    await customer.waitForURL(/\/game-list\/demo/);
    const game = customer.getByTestId('game').filter({ hasText: 'Teal Notes' });
    expect(await game.locator('img.cp-game__icon').getAttribute('src')).toMatch(/^data:image\//);
    await customer.goto(`${server.baseUrl}/app/message-center/demo`);
    await customer.getByText('Maintenance tonight').first().waitFor();

    const owner = await openPage(`${server.baseUrl}/console/`, { desktop: true });
    await signInToConsole(owner, DEMO_OPERATOR);
    await openSection(owner, 'Dashboard');
    await owner.getByTestId('chart-revenue').locator('canvas').waitFor();
    const before = await revenue(owner);
    await buyStandardPhone((await apiClient(server.baseUrl)).call);
    await owner.reload();
    await expect.poll(() => revenue(owner)).not.toBe(before);
    const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));
    expect(money(await revenue(owner))).toBeGreaterThan(money(before));
  }, 120_000);
});
