import type { Page } from 'playwright-core';
import type { BodyOf, Endpoint, QueryOf, ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as dev from '@cloudphone/contracts/endpoints/dev/sms';
import { urlOf } from './catalogue-url';
import { stored } from './browser';
import { DEMO_OPERATOR, DEMO_PLATFORM_OPERATOR, DEMO_USER } from '@cloudphone/server/seed/demo-accounts';

/** The demo user of the `demo` client (seeded by the server). */
export const DEMO = { mobile: DEMO_USER.mobile, password: DEMO_USER.password } as const;
export { DEMO_OPERATOR, DEMO_PLATFORM_OPERATOR };

/** A number nobody has used yet: 139 and eight random digits. */
export function newMobile(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The tenant headers the page itself sends, read from its storage. */
export async function tenantHeaders(page: Page): Promise<Record<string, string>> {
  await page.waitForFunction(() => localStorage.getItem('tenantId') !== null);
  return { 'tenant-id': String(await stored(page, 'tenantId')), 'client-id': String(await stored(page, 'clientId')) };
}

/** The newest code the console SMS provider sent to `mobile` (`dev.smsOutbox`). */
export async function latestCode(page: Page, baseUrl: string, mobile: string, scene = 1): Promise<string> {
  const headers = await tenantHeaders(page);
  for (let tries = 0; tries < 20; tries++) {
    const reply = (await (await fetch(urlOf(baseUrl, dev.smsOutbox, { mobile }), { headers })).json()) as {
      data: ReplyOf<typeof dev.smsOutbox>;
    };
    const entry = reply.data.find((e) => e.scene === scene);
    if (entry) return entry.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code was sent to ${mobile}`);
}

/** Makes every code sent to `mobile` expired (`dev.expireSmsCodes`). */
export async function expireCodes(page: Page, baseUrl: string, mobile: string): Promise<void> {
  const headers = { ...(await tenantHeaders(page)), 'Content-Type': 'application/json' };
  const body: BodyOf<typeof dev.expireSmsCodes> = { mobile };
  const reply = await fetch(urlOf(baseUrl, dev.expireSmsCodes), {
    method: dev.expireSmsCodes.method,
    headers,
    body: JSON.stringify(body),
  });
  if (!reply.ok || ((await reply.json()) as { code: number }).code !== 0) throw new Error('could not expire codes');
}

/** Calls a catalogue entry that sends no body (a GET) as the page's user, with its stored token and tenant. */
export async function asUser<E extends Endpoint>(
  page: Page,
  baseUrl: string,
  endpoint: E,
  query?: QueryOf<E>,
): Promise<{ code: number; data: ReplyOf<E> }> {
  const headers = { ...(await tenantHeaders(page)), Authorization: `Bearer ${String(await stored(page, 'token'))}` };
  const reply = await fetch(urlOf(baseUrl, endpoint, query), { method: endpoint.method, headers });
  return (await reply.json()) as { code: number; data: ReplyOf<E> };
}

/** The login page's controls, by what the user reads (en-US). */
export function loginForm(page: Page) {
  return {
    mobile: page.getByPlaceholder('Enter your phone number'),
    password: page.getByPlaceholder('Enter your password'),
    code: page.getByPlaceholder('Enter code'),
    smsTab: page.locator('.adm-tabs-tab').filter({ hasText: 'SMS code' }),
    sendCode: page.getByRole('button', { name: 'Send code' }),
    agree: page.getByText('I have read and agree to'),
    submit: page.getByRole('button', { name: 'Log in' }),
  };
}

/** Sends a login code to `mobile` from the SMS tab and returns it. */
export async function requestLoginCode(page: Page, baseUrl: string, mobile: string): Promise<string> {
  const form = loginForm(page);
  await form.smsTab.click();
  await form.mobile.fill(mobile);
  await form.sendCode.click();
  await page.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
  return latestCode(page, baseUrl, mobile);
}

/** Logs in with `code` from the SMS tab (already filled with the number). */
export async function submitCode(page: Page, code: string): Promise<void> {
  const form = loginForm(page);
  await form.code.fill(code);
  await form.agree.click();
  await form.submit.click();
}

/** Logs in by password on an open login page. */
export async function logInByPassword(page: Page, mobile: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.mobile.fill(mobile);
  await form.password.fill(password);
  await form.agree.click();
  await form.submit.click();
}

/** Sends a state-changing call with a body as the page's user (a script holds no XSRF cookie, so none is needed). */
export async function putAsUser<E extends Endpoint>(
  page: Page,
  baseUrl: string,
  endpoint: E,
  body: BodyOf<E>,
): Promise<{ code: number }> {
  const headers = {
    ...(await tenantHeaders(page)),
    Authorization: `Bearer ${String(await stored(page, 'token'))}`,
    'Content-Type': 'application/json',
  };
  const reply = await fetch(urlOf(baseUrl, endpoint), { method: endpoint.method, headers, body: JSON.stringify(body) });
  return (await reply.json()) as { code: number };
}

/** The display form of a number: first 3 digits, four asterisks, last 4 (spec §5). */
export const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
