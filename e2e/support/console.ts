import { generate } from 'otplib';
import type { Page } from 'playwright-core';

/** Signs an operator in on the console's sign-in page, with the code its authenticator would show now. */
export async function signInToConsole(
  page: Page,
  operator: { tenantId: number; login: string; password: string; totpSecret: string },
): Promise<void> {
  await page.getByLabel(/Merchant ID|商户 ID/).fill(String(operator.tenantId));
  await page.getByLabel(/^(Login|登录名)$/).fill(operator.login);
  await page.getByLabel(/^(Password|密码)$/).fill(operator.password);
  await page.locator('.ant-otp input').first().click();
  await page.keyboard.type(await generate({ secret: operator.totpSecret }));
  await page.locator('button[type=submit]').click();
  await page.getByTestId('console-operator').filter({ hasText: operator.login }).waitFor();
}
