import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Pays the order on the payment page with the simulated pay step and waits for the result page. */
export async function payBySimulatedPay(page: Page, amount: string): Promise<void> {
  await page.waitForURL('**/app/payment/demo?orderNo=*');
  await page.getByText('Simulated pay', { exact: true }).waitFor();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  const sheet = page.getByRole('dialog', { name: `Simulated payment ${amount}` });
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/app/pay-result/demo?orderNo=*');
  await page.getByText('Payment successful').waitFor();
}

/** Chooses a package by its days and waits for the checkout to show its price. */
export async function choosePackage(page: Page, days: string, price: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${days}\\s*¥`) }).click();
  await expect.poll(() => page.getByTestId('pay-price').textContent(), { timeout: 10_000 }).toBe(price);
}
