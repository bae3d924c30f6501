import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { urlOf } from './support/api';
import { stored, useBrowser } from './support/browser';
import {
  asUser,
  latestCode,
  logInByPassword,
  loginForm,
  masked,
  newMobile,
  putAsUser,
  requestLoginCode,
  submitCode,
  tenantHeaders,
} from './support/accounts';

const { baseUrl, openPage } = useBrowser();

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const dialog = (page: Page) => page.locator('.adm-dialog');
const two = (password: string) => ({ password, confirmPassword: password });

/** A new account, logged in by SMS code on a fresh browser. */
async function newUser(): Promise<{ page: Page; mobile: string }> {
  const page = await openPage('/app/login/demo');
  const mobile = newMobile();
  await submitCode(page, await requestLoginCode(page, baseUrl, mobile));
  await page.waitForURL('**/app/demo');
  return { page, mobile };
}

async function sendCodeAndFill(page: Page, mobile: string, scene: number): Promise<void> {
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('button', { name: /Resend in/ }).waitFor();
  await page.getByPlaceholder('Enter code').fill(await latestCode(page, baseUrl, mobile, scene));
}

describe('personal center (spec §1: account management)', () => {
  it('changes the nickname, refusing an empty one', async () => {
    const { page } = await newUser();
    await page.goto('/app/personal-center/demo');
    await page.getByText('This device').waitFor();
    await page.locator('.adm-list-item').filter({ hasText: 'Nickname' }).click();
    const input = dialog(page).locator('input');
    await input.fill('');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await dialog(page).getByText('The name must be 1 to 20 characters').waitFor();
    await input.fill('Tester');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await page.locator('.adm-list-item').filter({ hasText: 'Tester' }).waitFor();
    expect((await asUser(page, baseUrl, user.get)).data.nickname).toBe('Tester');
  });

  it('signs another device out', async () => {
    const { page, mobile } = await newUser();
    expect(await putAsUser(page, baseUrl, user.updatePassword, two('abc12345'))).toEqual(
      expect.objectContaining({ code: 0 }),
    );
    const other = await openPage('/app/login/demo');
    await logInByPassword(other, mobile, 'abc12345');
    await other.waitForURL('**/app/demo');

    await page.goto('/app/personal-center/demo');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog(page).getByRole('button', { name: 'Sign out' }).click();
    await alert(page, 'The device has been signed out').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'detached' });

    await other.goto('/app/personal-center/demo');
    await other.waitForURL('**/app/login/demo');
    await loginForm(other).submit.waitFor();
  });
});

describe('password manager', () => {
  it('sets a first password without asking for an old one, then logs in with it', async () => {
    const { page, mobile } = await newUser();
    await page.goto('/app/password-manager/demo');
    await page.getByText('You have no password yet').waitFor();
    expect(await page.getByPlaceholder('Enter your current password').count()).toBe(0);
    await page.getByPlaceholder('Enter a new password').fill('abc12345');
    await page.getByPlaceholder('Enter the new password again').fill('abc99999');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('The two passwords do not match').waitFor();
    await page.getByPlaceholder('Enter the new password again').fill('abc12345');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/app/profile/demo');

    const again = await openPage('/app/login/demo');
    await logInByPassword(again, mobile, 'abc12345');
    await again.waitForURL('**/app/demo');
  });
});

describe('forgot password', () => {
  it('resets the password with a code, then logs in with the new one', async () => {
    const { mobile } = await newUser();
    const page = await openPage('/app/login/demo');
    await page.getByText('Forgot password?').click();
    await page.waitForURL('**/app/forget-password/demo');
    await page.getByPlaceholder('Enter your phone number').fill(mobile);
    await sendCodeAndFill(page, mobile, 3);
    await page.getByPlaceholder('Enter a new password').fill('new12345');
    await page.getByPlaceholder('Enter the new password again').fill('new12345');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/app/login/demo');
    await alert(page, 'Password reset, please log in').waitFor();
    await logInByPassword(page, mobile, 'new12345');
    await page.waitForURL('**/app/demo');
  });
});

describe('phone binding (spec §5: once per 30 days)', () => {
  it('proves the current number, binds a new one, then refuses a second change', async () => {
    const { page, mobile } = await newUser();
    await page.goto('/app/mobile-phone-binding/demo');
    await page.getByText(`A code will be sent to ${masked(mobile)}`).waitFor();
    await sendCodeAndFill(page, mobile, 2);
    await page.getByRole('button', { name: 'Next' }).click();

    const next = newMobile();
    await page.getByPlaceholder('Enter your phone number').fill(next);
    await sendCodeAndFill(page, next, 5);
    await page.getByRole('button', { name: 'Bind' }).click();
    await page.waitForURL('**/app/personal-center/demo');
    await page
      .locator('.adm-list-item')
      .filter({ hasText: masked(next) })
      .waitFor();

    await page.goto('/app/mobile-phone-binding/demo');
    await page.getByText('The phone number can be changed once every 30 days').waitFor();
  });
});

describe('cancel account', () => {
  it('cancels the account after a code and a confirmation, then logs out', async () => {
    const { page, mobile } = await newUser();
    const headers = { ...(await tenantHeaders(page)), Authorization: `Bearer ${String(await stored(page, 'token'))}` };
    await page.goto('/app/cancel-account/demo');
    await sendCodeAndFill(page, mobile, 4);
    await page.locator('.cp-cancel-account').getByRole('button', { name: 'Cancel account' }).click();
    await dialog(page).getByRole('button', { name: 'Cancel account' }).click();
    await page.waitForURL('**/app/login/demo');
    await alert(page, 'Your account has been cancelled').waitFor();

    // The old session is over: its token is refused with 400, which logs a client out.
    const reply = await fetch(urlOf(baseUrl, user.get), { headers });
    expect(((await reply.json()) as { code: number }).code).toBe(400);
  });
});
