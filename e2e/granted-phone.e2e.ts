import { describe, expect, inject, it } from 'vitest';
import { apiClient, buyStandardPhone } from './support/api';
import { useBrowser } from './support/browser';
import { logInByPassword } from './support/accounts';
import { darkPixels, isLauncherBlue, pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';

const { openPage } = useBrowser();

describe('a phone granted view-only (spec §6)', () => {
  it('is listed as granted, shows its screen, and ignores taps', async () => {
    const viewer = inject('viewer');
    const page = await openPage('/app/login/demo');
    await logInByPassword(page, viewer.mobile, viewer.password);
    await page.waitForURL('**/app/demo');
    await expect.poll(() => page.getByTestId('phone-card').count(), { timeout: 10_000 }).toBe(1);

    await page.goto(`/app/phone-view/demo?userPhoneId=${viewer.userPhoneId}`);
    await waitForFrames(page);
    await showsLauncher(page);

    // Where the Notes icon is: a controlling viewer would open Notes (a white page) with this tap.
    await tap(page, 0.625, 0.347);
    await page.keyboard.type('ignored');
    await page.waitForTimeout(1500);
    expect(isLauncherBlue(await pixel(page, 0.5, 0.6))).toBe(true);
    expect(Math.min(...(await pixel(page, 0.5, 0.5)))).toBeLessThan(230);
  });
});

describe('phones between accounts (issue 13)', () => {
  const grantor = inject('grantor');
  const grantee = inject('grantee');
  const logIn = async (account: { mobile: string; password: string }) => {
    const page = await openPage('/app/login/demo');
    page.setDefaultTimeout(15_000);
    await logInByPassword(page, account.mobile, account.password);
    await page.waitForURL('**/app/demo');
    return page;
  };

  it('grants view by code: the grantee redeems it, watches without control, and loses it when taken back', async () => {
    const owner = await logIn(grantor);
    await owner.goto('/app/profile/demo');
    await owner.getByText('Grant management').click();
    await owner.getByRole('button', { name: 'Add grant' }).click();
    await owner.getByRole('radio', { name: 'Cloud phone 1' }).click();
    await owner.getByText('A grant code').click();
    await owner.getByText('View only').click();
    await owner.getByRole('spinbutton', { name: 'Days' }).fill('3');
    await owner.getByRole('button', { name: 'Grant', exact: true }).click();
    // The agreement must be ticked first (spec §5).
    await owner.getByText('Please read and accept the agreement first').waitFor();
    await owner.locator('.adm-popup').getByText('I have read and agree to').click();
    await owner.getByRole('button', { name: 'Grant', exact: true }).click();
    await owner.waitForURL('**/app/authorization-code/demo?grantId=*');
    const code = (await owner.getByTestId('grant-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{10}$/);

    const viewer = await logIn(grantee);
    await viewer.goto('/app/authorization-manager/demo');
    await viewer.getByRole('button', { name: 'Use grant code' }).click();
    await viewer.getByPlaceholder('Enter the grant code').fill(code.toLowerCase());
    await viewer.getByRole('button', { name: 'Use code' }).click();
    await viewer.waitForURL('**/app/authorized-device/demo');
    await viewer.getByTestId('grant-row').getByRole('button', { name: 'Open' }).click();
    await waitForFrames(viewer);
    await showsLauncher(viewer);
    // Where the Notes icon is: a controlling viewer would open Notes (a white page) with this tap.
    await tap(viewer, 0.625, 0.347);
    await viewer.waitForTimeout(1500);
    expect(isLauncherBlue(await pixel(viewer, 0.5, 0.6))).toBe(true);
    await viewer.getByRole('button', { name: 'Tools' }).click();
    await expect
      .poll(() => viewer.locator('.cp-tools-grid button').allTextContents())
      .toEqual(['Full screen', 'Switch phone']);
    await viewer
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 10, y: 10 } });

    // Taken back: the grantee's view closes at once.
    await owner.goto('/app/authorization-manager/demo');
    await owner.getByTestId('grant-row').getByRole('button', { name: 'Take back' }).click();
    await owner.locator('.adm-dialog').getByRole('button', { name: 'Take back' }).click();
    await owner.getByText('Grant taken back').waitFor();
    await viewer.locator('.adm-dialog').getByText('Authorization failed').waitFor();
  });

  it('grants control by account with one green toast; the grantee is offered what control allows, and sees the grant’s time in pickers (issues 54, 55)', async () => {
    const owner = await logIn(grantor);
    await owner.goto('/app/authorization-manager/demo');
    await owner.getByRole('button', { name: 'Add grant' }).click();
    await owner.getByRole('radio', { name: 'Cloud phone 1' }).click();
    await owner.getByText('An account').click();
    await owner.getByPlaceholder('Mobile number or UID').fill(grantee.mobile);
    await owner.locator('.adm-popup').getByText('Control', { exact: true }).click();
    await owner.getByRole('spinbutton', { name: 'Days' }).fill('3');
    await owner.locator('.adm-popup').getByText('I have read and agree to').click();
    await owner.getByRole('button', { name: 'Grant', exact: true }).click();
    await owner.locator('.cp-notification--success').getByText(`Granted to ${grantee.mobile}`).waitFor();
    await owner.getByTestId('grant-row').first().waitFor();
    // The list's own refetch speaks for nobody: no red notification beside the green one.
    await owner.waitForTimeout(500);
    expect(await owner.locator('.cp-notification--danger').count()).toBe(0);

    // The grantee, with a phone of their own too: its tools offer restart and none of the owner's settings.
    const mine = (await buyStandardPhone((await apiClient(inject('baseUrl'), grantee)).call, 7)).userPhoneIds[0]!;
    const controller = await logIn(grantee);
    await controller.goto('/app/authorized-device/demo');
    await controller.getByTestId('grant-row').getByRole('button', { name: 'Open' }).click();
    await waitForFrames(controller);
    await controller.getByRole('button', { name: 'Tools' }).click();
    const tools = controller.locator('.cp-tools-grid button');
    await tools.first().waitFor();
    const offered = await tools.allTextContents();
    expect(offered).toContain('Restart');
    for (const owners of [
      'Factory reset',
      'Root: on',
      'Root: off',
      'Resolution',
      'Device model',
      'Rename',
      'New machine',
    ])
      expect(offered).not.toContain(owners);

    // The game-install picker marks the granted phone and shows the grant's 3 days, not the phone's 30.
    await controller.goto('/app/discover/demo');
    await controller.getByRole('button', { name: 'Game channel', exact: true }).click();
    await controller
      .getByTestId('game')
      .filter({ hasText: 'Gold Miner' })
      .getByRole('button', { name: 'Install' })
      .click();
    const rows = controller.getByTestId('picker-phone');
    await expect.poll(() => rows.count()).toBe(2);
    const granted = rows.filter({ has: controller.getByTestId('picker-granted') });
    expect(await granted.count()).toBe(1);
    expect(await granted.textContent()).toMatch(/· 2 d 23 h$/);
    const own = rows.filter({ hasNot: controller.getByTestId('picker-granted') });
    expect(await own.textContent()).toMatch(/· [67] d \d+ h$/);
    expect(mine).toBeGreaterThan(0);
  });

  it('replaces a phone with its data: a note typed in Notes is still there', async () => {
    const page = await logIn(grantor);
    const userPhoneId = grantor.userPhoneIds[1];
    await page.goto(`/app/phone-view/demo?userPhoneId=${userPhoneId}`);
    await waitForFrames(page);
    await showsLauncher(page);
    await tap(page, 0.625, 0.347); // Notes: a light page
    await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5)))).toBeGreaterThan(230);
    const keyboard = page.getByRole('textbox', { name: 'Text for the cloud phone' });
    await keyboard.waitFor({ state: 'visible' });
    const marker = `kept ${Date.now() % 100_000}`;
    await page.keyboard.insertText(marker);
    await expect.poll(() => darkPixels(page, 0.13, 0.2)).toBeGreaterThan(50);

    await page.getByRole('button', { name: 'Tools' }).click();
    await page.locator('.cp-tools-grid').getByRole('button', { name: 'Replace device' }).click();
    await page.waitForURL(`**/app/change-phone/demo?userPhoneIds=${userPhoneId}`);
    await page.getByText('Can be replaced').waitFor();
    await page.getByRole('button', { name: 'Replace (1)' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Replace (1)' }).click();
    await page.getByTestId('replace-results').getByText('Replaced').waitFor();

    // The same phone, on its new instance: Notes still holds the note (its Copy shows it on the clipboard).
    await page.goto(`/app/phone-view/demo?userPhoneId=${userPhoneId}`);
    await waitForFrames(page);
    await showsLauncher(page);
    await tap(page, 0.625, 0.347);
    await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5)))).toBeGreaterThan(230);
    await tap(page, 0.717, 0.078);
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.locator('.cp-tools-grid').getByRole('button', { name: 'Clipboard' }).click();
    await expect.poll(() => page.getByTestId('device-clipboard').textContent()).toBe(marker);
  });
});
