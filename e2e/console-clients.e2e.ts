import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, DEMO_OPERATOR, DEMO_PLATFORM_OPERATOR, logInByPassword } from './support/accounts';
import { useBrowser } from './support/browser';
import { newOperator, openSection, signInToConsole } from './support/console';
import { useOwnServer } from './support/own-server';

/**
 * The console's clients and hosts (issue 63) at 1440 × 900, on a server of its own (the shared one's
 * demo client and only host stay as the other tests expect them): an operations operator gives the demo
 * client another theme and switches Discover off, and the customer's app shows both after a reload;
 * the platform's operator drains the host, and `host:list` says it is draining.
 */
const { openPage } = useBrowser();
const ownServer = useOwnServer('console-clients');

const baseColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--cp-base-color').trim());

describe('the console runs clients and hosts', () => {
  it('changes the theme and switches Discover off for the customer’s app; drains a host as host:list tells', async () => {
    const server = ownServer();
    const customer = await openPage(`${server.baseUrl}/app/login/demo`);
    await logInByPassword(customer, DEMO.mobile, DEMO.password);
    const tabs = customer.locator('.adm-tab-bar');
    await tabs.getByText('Discover').waitFor();
    const before = await baseColour(customer);

    const operations = await newOperator(server.baseUrl, DEMO_OPERATOR, 'operations');
    const console = await openPage(`${server.baseUrl}/console/`, { desktop: true });
    await signInToConsole(console, operations);
    await openSection(console, 'Clients');
    await console.getByTestId('client-theme').click();
    await console.getByTitle('Forest green', { exact: true }).click();
    await console.getByTestId('client-theme').getByText('Forest green').waitFor();
    await console.getByRole('tab', { name: 'Functions' }).click();
    await console.getByTestId('function-discovery').click();
    await console.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => console.getByTestId('function-discovery').getAttribute('aria-checked')).toBe('false');

    await customer.reload();
    await tabs.getByText('Mine').waitFor();
    expect(await tabs.getByText('Discover').count()).toBe(0);
    expect(before).not.toBe('#1C4E42');
    expect(await baseColour(customer)).toBe('#1C4E42');

    // Hosts are the platform's: its operator drains the one host.
    const platform = await openPage(`${server.baseUrl}/console/`, { desktop: true });
    await signInToConsole(platform, DEMO_PLATFORM_OPERATOR);
    await openSection(platform, 'Device hosts');
    await platform.getByTestId('host-drain-embedded').click();
    await platform.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    await platform.getByTestId('host-state-embedded').getByText('Draining').waitFor();
    expect(await server.admin('host:list')).toMatch(/^embedded\tonline, draining\t/m);
  }, 90_000);
});
