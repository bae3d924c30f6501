import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import type { OperatorRole } from '@cloudphone/contracts/operators';
import * as operators from '@cloudphone/contracts/endpoints/admin/operators';
import * as session from '@cloudphone/contracts/endpoints/admin/session';
import { catalogueCall } from './api';

/** An operator as it signs in: a platform's has no merchant ID. */
type Operator = { tenantId: number | null; login: string; password: string; totpSecret: string };

/** Opens a section from the console's menu. */
export const openSection = (page: Page, name: string) => page.getByRole('menuitem', { name }).click();

/** Signs an operator in on the console's sign-in page, with the code its authenticator would show now. */
export async function signInToConsole(page: Page, operator: Operator): Promise<void> {
  await page.getByLabel(/Merchant ID|商户 ID/).fill(operator.tenantId === null ? '' : String(operator.tenantId));
  await page.getByLabel(/^(Login|登录名)$/).fill(operator.login);
  await page.getByLabel(/^(Password|密码)$/).fill(operator.password);
  await page.locator('.ant-otp input').first().click();
  await page.keyboard.type(await generate({ secret: operator.totpSecret }));
  await page.locator('button[type=submit]').click();
  await page.getByTestId('console-operator').filter({ hasText: operator.login }).waitFor();
}

/** Signs an operator in over the API with the code its authenticator shows now: the headers its calls carry. */
export async function operatorHeaders(
  baseUrl: string,
  operator: Operator & { tenantId: number },
): Promise<{ authorization: string }> {
  const signedIn = await catalogueCall(baseUrl, {})(session.signIn, {
    body: { ...operator, code: await generate({ secret: operator.totpSecret }) },
  });
  return { authorization: `Bearer ${signedIn.data.accessToken}` };
}

/**
 * A new operator of `role`, made over the API by `owner` (signed in with its second factor) as the
 * console's Operators section makes one: what signs it in.
 */
export async function newOperator(
  baseUrl: string,
  owner: Operator & { tenantId: number },
  role: OperatorRole,
): Promise<Operator & { tenantId: number }> {
  const login = `${role}-${Date.now() % 100_000}`;
  const password = `${role}-password-1`;
  const made = await catalogueCall(baseUrl, await operatorHeaders(baseUrl, owner))(operators.create, {
    body: { login, password, role },
  });
  return { tenantId: owner.tenantId, login, password, totpSecret: made.data.totpSecret };
}
