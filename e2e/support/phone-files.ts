import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The launcher's second icon: Files. */
export const FILES_APP = { x: 0.375, y: (24 + 170 + 28) / 640 };
/** The launcher's fifth icon (first column, second row): the first app installed. */
export const FIRST_APP = { x: 0.125, y: (24 + 170 + 100 + 28) / 640 };
/** The band of Files' first row (under its header). */
export const FIRST_ROW = { top: (24 + 52 + 12) / 640, bottom: (24 + 52 + 12 + 56) / 640 };

/** Sends a small text file to the phone with the phone view's Upload tool, and waits until it is pushed. */
export async function uploadFromPhoneView(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.locator('.cp-tools-grid').getByRole('button', { name: 'Upload' }).click();
  await page.getByTestId('pick-file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect
    .poll(() => page.getByTestId('push-row').first().getAttribute('data-state'), { timeout: 30_000 })
    .toBe('push_success');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
}
