import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import * as merchantUser from '@cloudphone/contracts/endpoints/merchant/user';
import { stored, useBrowser } from './support/browser';
import {
  asUser,
  DEMO,
  expireCodes,
  logInByPassword,
  loginForm,
  newMobile,
  requestLoginCode,
  submitCode,
} from './support/accounts';

const { baseUrl, openPage } = useBrowser();

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function openLogin(): Promise<Page> {
  const page = await openPage('/app/login/demo');
  await loginForm(page).submit.waitFor();
  return page;
}

async function demoLoggedIn(): Promise<Page> {
  const page = await openLogin();
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  await page.waitForURL('**/app/demo');
  return page;
}

describe('logging in (spec §1, §5)', () => {
  it('says "Phone no is incorrect!" for 12345', async () => {
    const page = await openLogin();
    await logInByPassword(page, '12345', 'demo1234');
    await page.getByText('Phone no is incorrect!').waitFor();
    expect(page.url()).toContain('/app/login/demo');
  });

  it('registers a new number that logs in by SMS code, and lands on home', async () => {
    const page = await openLogin();
    const mobile = newMobile();
    const code = await requestLoginCode(page, baseUrl, mobile);
    await submitCode(page, code);
    await page.waitForURL('**/app/demo');

    const user = await asUser(page, baseUrl, merchantUser.get);
    expect(user).toMatchObject({ code: 0, data: { mobile } });
    await page.locator('.adm-tab-bar-item').filter({ hasText: 'Mine' }).click();
    await page.waitForURL('**/app/profile/demo');
    await page.getByText(`UID: ${user.data.userNo}`).waitFor();
    await page
      .locator('.cp-profile__line')
      .filter({ hasText: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` })
      .waitFor();
  });

  it('logs the demo user in by password and keeps the user info', async () => {
    const page = await demoLoggedIn();
    expect(await stored(page, 'userInfo')).toMatchObject({ mobile: DEMO.mobile, hasPassword: true });
    expect(await stored(page, 'token')).toEqual(expect.any(String));
  });

  it('goes where the visitor was headed after login', async () => {
    const page = await openPage('/app/personal-center/demo');
    await page.waitForURL('**/app/login/demo?redirect=*');
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.waitForURL('**/app/personal-center/demo');
    await page.getByText('This device').waitFor();
  });

  it('says "Wrong phone number or password" for a bad password', async () => {
    const page = await openLogin();
    await logInByPassword(page, DEMO.mobile, 'wrong1234');
    await alert(page, 'Wrong phone number or password').waitFor();
    expect(await stored(page, 'token')).toBeNull();
  });

  it('says "Verification code error" for a wrong code', async () => {
    const page = await openLogin();
    const code = await requestLoginCode(page, baseUrl, newMobile());
    await submitCode(page, code === '000000' ? '111111' : '000000');
    await alert(page, 'Verification code error').waitFor();
  });

  it('says "Verification code expired" for an expired code', async () => {
    const page = await openLogin();
    const mobile = newMobile();
    const code = await requestLoginCode(page, baseUrl, mobile);
    await expireCodes(page, baseUrl, mobile);
    await submitCode(page, code);
    await alert(page, 'Verification code expired').waitFor();
  });
});

describe('the session (spec §4)', () => {
  it('logs out after a confirmation, keeping only clientNo, language, cuid and the guide seen', async () => {
    const page = await demoLoggedIn();
    await page.locator('.adm-tab-bar-item').filter({ hasText: 'Mine' }).click();
    await page.locator('.cp-profile__logout').click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/app/login/demo');
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).toEqual(expect.arrayContaining(['clientNo', 'cuid']));
    expect(keys.filter((k) => !['clientNo', 'language', 'cuid', 'homeGuideSeen'].includes(k))).toEqual([]);
    // The page still knows its client, so logging in again works at once.
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.waitForURL('**/app/demo');
  });

  it('refreshes a garbage access token exactly once and still shows the user’s data', async () => {
    const page = await demoLoggedIn();
    const userNo = ((await stored(page, 'userInfo')) as { userNo: string }).userNo;
    await page.evaluate(() => localStorage.setItem('token', JSON.stringify('garbage')));
    let refreshes = 0;
    page.on('request', (r) => {
      if (r.method() === auth.refreshToken.method && r.url().includes(auth.refreshToken.path)) refreshes++;
    });
    await page.goto('/app/personal-center/demo');
    await page.getByText('This device').waitFor();
    await page.getByText(userNo, { exact: true }).waitFor();
    expect(refreshes).toBe(1);
    expect(await stored(page, 'token')).not.toBe('garbage');
  });

  it('logs the user out to /login when the refresh token is garbage too', async () => {
    const page = await demoLoggedIn();
    await page.evaluate(() => {
      localStorage.setItem('token', JSON.stringify('garbage'));
      localStorage.setItem('refreshToken', JSON.stringify('garbage'));
    });
    await page.goto('/app/personal-center/demo');
    await alert(page, 'Login expired, please login again!').waitFor();
    await page.waitForURL('**/app/login/demo');
    expect(await stored(page, 'token')).toBeNull();
  });
});
