import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { DEMO, DEMO_OPERATOR } from './support/accounts';
import { apiClient, buyStandardPhone } from './support/api';
import { useBrowser } from './support/browser';
import { newOperator, openSection, signInToConsole } from './support/console';

/**
 * The console (issue 62) at 1440 × 900: the owner adds an operator; the new operator signs in with
 * its second factor, adds a package, generates codes and downloads their CSV, and refunds a
 * customer's order — whose phone ends — and the trail shows each change under the operator's name.
 */
const { openPage, baseUrl } = useBrowser();

describe('the console', () => {
  it("runs a merchant's day: an operator with a second factor, a package, codes and their CSV, a refund, the trail", async () => {
    const buyer = await apiClient(baseUrl, inject('refundBuyer'));
    const { orderNo } = await buyStandardPhone(buyer.call);

    const page = await openPage('/console/', { desktop: true });
    await signInToConsole(page, DEMO_OPERATOR);
    await openSection(page, 'Operators');
    await page.getByRole('button', { name: 'Add operator' }).click();
    const login = `lead-${Date.now() % 100_000}`;
    const password = 'lead-password-1';
    await page.getByLabel('Login').fill(login);
    await page.getByLabel('First password').fill(password);
    await page.getByLabel('Role').click();
    await page.getByTitle('Owner', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const totpSecret = (await page.getByTestId('operator-secret').textContent())!.trim();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();

    await signInToConsole(page, { tenantId: DEMO_OPERATOR.tenantId, login, password, totpSecret });
    await openSection(page, 'Catalogue');
    await page.getByRole('button', { name: 'Add package' }).click();
    await page.getByLabel('Chinese name').fill('季卡');
    await page.getByLabel('English name').fill('Quarter');
    await page.getByLabel('Days').fill('90');
    await page.getByLabel('Price (yuan)').fill('99');
    await page.getByRole('button', { name: 'Save' }).click();
    // The modal closes once the package is added (the trail below names who added it).
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await openSection(page, 'Codes');
    await page.getByRole('button', { name: 'Generate codes' }).click();
    await page.getByLabel('Package').click();
    await page.getByTitle('Standard · Quarter', { exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate codes' }).click();
    await page.getByText(/^Batch \S+ generated: 10 codes$/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Code,Batch,Package,Usage,Status,Valid until,Used at');
    expect(csv.slice(1)).toHaveLength(10);
    expect(csv.slice(1).every((line) => line.includes('Standard · Quarter') && line.includes('Unused'))).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByText('10 in all').waitFor();

    await openSection(page, 'Orders');
    await page.getByPlaceholder('Order number').fill(orderNo);
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('row', { name: new RegExp(orderNo) })
      .getByRole('button', { name: 'Order details' })
      .click();
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.getByLabel('Reason for the refund').fill('The customer asked for it');
    await page
      .getByRole('dialog', { name: /^Refund order/ })
      .getByRole('button', { name: 'Refund' })
      .click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Refunded');
    // The customer's phone ended with the refund.
    const phones = await buyer.call(userPhone.list, { query: { pageNo: 1, pageSize: 20 } });
    expect(phones.data.list.map((phone) => phone.status)).toEqual(['expired']);

    await page.keyboard.press('Escape');
    await openSection(page, 'Audit trail');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.first().textContent()).toContain('Order refunded');
    const trail = await rows.allTextContents();
    for (const action of ['Order refunded', 'Codes generated', 'Package added'])
      expect(trail.find((row) => row.includes(action))).toContain(login);
    expect(trail.find((row) => row.includes('Operator added'))).toContain(DEMO_OPERATOR.login);
  }, 60_000);

  it('lets support find the demo customer by mobile and see their phones, and change nothing', async () => {
    const support = await newOperator(baseUrl, DEMO_OPERATOR, 'support');
    const page = await openPage('/console/', { desktop: true });
    await signInToConsole(page, support);
    // Support's menu holds what its role reads, and not the operators or the trail.
    await expect
      .poll(() => page.getByRole('menuitem').allTextContents())
      .toEqual(['Catalogue', 'Codes', 'Orders', 'Customers', 'Phones', 'Discover', 'Messages']);
    await openSection(page, 'Customers');
    await page.getByPlaceholder('Mobile').fill(DEMO.mobile);
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('row', { name: new RegExp(DEMO.mobile) })
      .getByRole('button', { name: 'Customer details' })
      .click();
    const phones = page.getByTestId('customer-phones').locator('tr.ant-table-row');
    await expect.poll(() => phones.count()).toBeGreaterThanOrEqual(4);
    expect(await phones.first().textContent()).toContain('Cloud phone 1');
    await expect.poll(() => page.getByRole('button', { name: 'Disable' }).count()).toBe(0);
  });
});
