import { afterEach, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import * as phoneGroup from '@cloudphone/contracts/endpoints/device/phone-group';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { urlOf } from './support/api';
import { stored, useBrowser } from './support/browser';
import { DEMO, asUser, logInByPassword, tenantHeaders } from './support/accounts';

const { openPage, baseUrl } = useBrowser();

/** Groups this spec makes carry this prefix, so they can be cleared away whatever a test left. */
const PREFIX = 'E2E ';
const groupName = () => `${PREFIX}${Math.random().toString(36).slice(2, 8)}`;

interface Group {
  groupId: number;
  groupName: string;
  count: number;
  isDefault: boolean;
}
interface Phone {
  userPhoneId: number;
  name: string;
  groupId: number;
}

const dialog = (page: Page) => page.locator('.adm-dialog');
const groupRow = (page: Page, name: string) => page.getByTestId('group-row').filter({ hasText: name });
const reminder = (page: Page) => page.getByRole('dialog', { name: 'Expiry reminder' });
const resultRow = (page: Page, name: string) => page.getByTestId('batch-result').filter({ hasText: name });

let lastPage: Page | null = null;

/** The demo user on home; unless `remind` is set, today's expiry reminder (the trial phone) is put away. */
async function openHome({ remind = false } = {}): Promise<Page> {
  const page = await openPage('/app/login/demo');
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  await page.waitForURL('**/app/demo');
  await page.getByTestId('phone-card').first().waitFor();
  lastPage = page;
  if (!remind) await reminder(page).getByRole('button', { name: 'Got it' }).click();
  return page;
}

async function groups(page: Page): Promise<Group[]> {
  return (await asUser(page, baseUrl, phoneGroup.simpleList)).data;
}

async function phones(page: Page): Promise<Phone[]> {
  return (await asUser(page, baseUrl, userPhone.list, { pageSize: 100 })).data.list;
}

// Other specs share the demo user: whatever group a test made goes, and its phones with it back home.
afterEach(async () => {
  const page = lastPage;
  lastPage = null;
  if (!page) return;
  const headers = { ...(await tenantHeaders(page)), Authorization: `Bearer ${String(await stored(page, 'token'))}` };
  for (const group of await groups(page)) {
    if (!group.groupName.startsWith(PREFIX)) continue;
    await fetch(urlOf(baseUrl, phoneGroup.delete, { groupId: group.groupId }), {
      method: phoneGroup.delete.method,
      headers,
    });
  }
});

describe('phone groups (spec §2 manage-group, move-phone-to-group, phone-group-setting)', () => {
  it('creates a group, moves a phone into it, renames it, and deleting it sends the phone back', async () => {
    const page = await openHome();
    const name = groupName();
    const renamed = groupName();

    await page.getByRole('button', { name: 'Manage groups' }).click();
    await page.waitForURL('**/app/manage-group/demo');
    await page.getByRole('button', { name: 'New group' }).click();
    await dialog(page).getByPlaceholder('Group name (1 to 20 characters)').fill(name);
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await groupRow(page, name).getByText('Phones: 0').waitFor();

    // From home: choose a phone, then its new group.
    await page.goto('/app/demo');
    await page.getByRole('button', { name: 'Select' }).click();
    await page.getByTestId('phone-card').filter({ hasText: 'Cloud phone 2' }).click();
    await page.getByRole('button', { name: 'Move to group' }).click();
    await page.waitForURL('**/app/move-phone-to-group/demo?userPhoneIds=2');
    expect(await page.getByRole('checkbox', { name: /Cloud phone 2/ }).getAttribute('aria-checked')).toBe('true');
    await page.locator('.adm-selector-item').filter({ hasText: name }).click();
    await page.getByRole('button', { name: 'Move (1)' }).click();
    await page.waitForURL('**/app/demo');

    const tab = page.locator('.adm-tabs-tab').filter({ hasText: `${name} (1)` });
    await tab.click();
    await expect
      .poll(() => page.getByTestId('phone-card').allTextContents())
      .toEqual([expect.stringContaining('Cloud phone 2')]);

    await page.getByRole('button', { name: 'Manage groups' }).click();
    await groupRow(page, name).getByRole('button', { name: 'Rename' }).click();
    await dialog(page).getByPlaceholder('Group name (1 to 20 characters)').fill(renamed);
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await groupRow(page, renamed).getByText('Phones: 1').waitFor();

    await groupRow(page, renamed).getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByText(`Delete the group "${renamed}"? Its phones return to the default group.`).waitFor();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await groupRow(page, renamed).waitFor({ state: 'detached' });
    expect((await phones(page)).find((p) => p.userPhoneId === 2)?.groupId).toBe(0);

    await page.goto('/app/demo');
    await page.locator('.adm-tabs-tab').filter({ hasText: 'Default group' }).click();
    await page.getByTestId('phone-card').filter({ hasText: 'Cloud phone 2' }).waitFor();
  });

  it('moves a phone out of its group from the group settings', async () => {
    const page = await openHome();
    const name = groupName();
    await page.goto('/app/manage-group/demo');
    await page.getByRole('button', { name: 'New group' }).click();
    await dialog(page).getByPlaceholder('Group name (1 to 20 characters)').fill(name);
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await groupRow(page, name).getByRole('button', { name }).click();
    await page.waitForURL('**/app/phone-group-setting/demo?groupId=*');
    await page.getByText('No phones in this group').waitFor();

    await page.getByRole('button', { name: 'Add phones' }).click();
    await page.waitForURL('**/app/move-phone-to-group/demo?groupId=*');
    await page.getByRole('checkbox', { name: /Cloud phone 3/ }).click();
    await page.getByRole('button', { name: 'Move (1)' }).click();
    await page.waitForURL('**/app/phone-group-setting/demo?groupId=*');
    await page.getByRole('checkbox', { name: /Cloud phone 3/ }).click();
    await page.getByRole('button', { name: 'Remove from group' }).click();
    await page.getByText('No phones in this group').waitFor();
    expect((await phones(page)).find((p) => p.userPhoneId === 3)?.groupId).toBe(0);
  });

  it('keeps the default group from being renamed or deleted, and asks for a group name', async () => {
    const page = await openHome();
    await page.goto('/app/manage-group/demo');
    const defaultGroup = groupRow(page, 'Default group');
    await defaultGroup.getByText('The default group cannot be deleted or modified').waitFor();
    expect(await defaultGroup.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(await defaultGroup.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await defaultGroup.getByRole('button', { name: /Default group/ }).click();
    await page.waitForURL('**/app/phone-group-setting/demo?groupId=0');
    await page.getByRole('checkbox', { name: /Cloud phone 1/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await page.goto('/app/manage-group/demo');
    await page.getByRole('button', { name: 'New group' }).click();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await dialog(page).getByText('Group name is required').waitFor();
    await dialog(page).getByPlaceholder('Group name (1 to 20 characters)').fill('x'.repeat(21));
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await dialog(page).getByText('The name must be 1 to 20 characters').waitFor();
    expect((await groups(page)).filter((g) => !g.isDefault && !g.groupName.startsWith(PREFIX))).toEqual([]);
  });
});

describe('batch operation (spec §2, §9)', () => {
  it('takes screenshots of two phones and shows both pictures, each to download', async () => {
    const page = await openHome();
    await page.goto('/app/batch-operation/demo');
    await page.getByRole('checkbox', { name: /Cloud phone 1/ }).click();
    await page.getByRole('checkbox', { name: /Cloud phone 2/ }).click();
    await page.getByRole('button', { name: 'Screenshot' }).click();

    await page.getByText('Done: 2 succeeded, 0 failed').waitFor({ timeout: 15_000 });
    for (const name of ['Cloud phone 1', 'Cloud phone 2']) await resultRow(page, name).getByText('Success').waitFor();
    const shots = page.getByTestId('batch-screenshot');
    expect(await shots.count()).toBe(2);
    const pictured = () =>
      shots.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length);
    await expect.poll(pictured).toBe(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      shots.filter({ hasText: 'Cloud phone 2' }).getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Cloud phone 2.png');
  });

  it('restarts a phone and shows its result; at once again, it says why it refused', async () => {
    const page = await openHome();
    await page.goto('/app/batch-operation/demo?userPhoneIds=3');
    expect(await page.getByRole('checkbox', { name: /Cloud phone 3/ }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Restart' }).click();
    await dialog(page).getByText('Restart the 1 chosen phones?').waitFor();
    await dialog(page).getByRole('button', { name: 'Restart' }).click();
    await resultRow(page, 'Cloud phone 3').getByText('Success').waitFor();
    await page.getByText('Done: 1 succeeded, 0 failed').waitFor();

    // Power operations are one per phone per 10 s (spec §8).
    await page.getByRole('button', { name: 'Back to selection' }).click();
    await page.getByRole('button', { name: 'Restart' }).click();
    await dialog(page).getByRole('button', { name: 'Restart' }).click();
    await resultRow(page, 'Cloud phone 3').getByText('Please do not operate frequently').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Some devices failed to set' }).first().waitFor();
  });
});

describe('expiry reminders (spec §3, §9)', () => {
  /** Home again, once every call it makes has answered, so an absent reminder is really absent. */
  async function reload(page: Page): Promise<void> {
    // Every phone list the page asks for has answered (the live channel stays open, so the network is never idle).
    const lists: Promise<unknown>[] = [];
    const asked = (request: Request) => {
      if (request.url().includes(userPhone.list.path)) lists.push(request.response());
    };
    page.on('request', asked);
    await page.reload();
    await page.getByTestId('phone-card').first().waitFor();
    await page.waitForTimeout(500);
    await Promise.all(lists);
    page.off('request', asked);
  }

  it('reminds of the one-day trial once a day, and not again after "Don\'t remind again"', async () => {
    const page = await openHome({ remind: true });
    await reminder(page).getByTestId('expiring-phone').filter({ hasText: 'Cloud phone 4' }).waitFor();
    expect(await reminder(page).getByTestId('expiring-phone').filter({ hasText: 'Cloud phone 1' }).count()).toBe(0);
    await reminder(page).getByRole('button', { name: 'Got it' }).click();
    expect(await stored(page, 'lastExpireTipDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await reload(page);
    expect(await reminder(page).count()).toBe(0);

    // The next day (no reminder shown yet): it comes again, until silenced for that phone.
    await page.evaluate(() => localStorage.removeItem('lastExpireTipDate'));
    await reload(page);
    const trial = reminder(page).getByTestId('expiring-phone').filter({ hasText: 'Cloud phone 4' });
    await trial.getByRole('button', { name: "Don't remind again" }).click();
    await trial.waitFor({ state: 'detached' });
    expect(await stored(page, 'hasExpireReminded')).toEqual([4]);

    await page.evaluate(() => localStorage.removeItem('lastExpireTipDate'));
    await reload(page);
    expect(await reminder(page).count()).toBe(0);
  });
});
