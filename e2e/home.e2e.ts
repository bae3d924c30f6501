import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';

const { openPage } = useBrowser();

/** The seed's names for the demo user's phones: three for 30 days, then the one-day trial. */
const DEMO_PHONES = ['Cloud phone 1', 'Cloud phone 2', 'Cloud phone 3', 'Cloud phone 4'];

async function openHome(): Promise<Page> {
  const page = await openPage('/app/login/demo');
  await logInByPassword(page, DEMO.mobile, DEMO.password);
  await page.waitForURL('**/app/demo');
  await page.getByTestId('phone-card').first().waitFor();
  // The trial phone brings today's expiry reminder (e2e/groups.e2e.ts tests it); it would sit over the pager.
  await page.getByRole('dialog', { name: 'Expiry reminder' }).getByRole('button', { name: 'Got it' }).click();
  return page;
}

/** How many cells' canvases hold a drawn picture (any pixel not fully transparent). */
function cellsWithPictures(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="phone-cell"] canvas')].filter((canvas) => {
        if (canvas.width === 0 || canvas.height === 0) return false;
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
        return false;
      }).length,
  );
}

describe('the home screen (spec §2)', () => {
  it("lists the demo user's four phones, the last one a trial", async () => {
    const page = await openHome();
    const cards = page.getByTestId('phone-card');
    await expect.poll(() => cards.count()).toBe(4);
    for (const name of DEMO_PHONES) await cards.filter({ hasText: name }).waitFor();
    const trial = cards.filter({ hasText: 'Cloud phone 4' });
    expect(await trial.getByText('Trial', { exact: true }).count()).toBe(1);
    expect(await cards.filter({ hasText: 'Cloud phone 1' }).getByText('Trial', { exact: true }).count()).toBe(0);
    // Thirty days from the seed: "29 d 23 h" or so, never "expiring soon".
    expect(await cards.filter({ hasText: 'Cloud phone 1' }).textContent()).toMatch(/\d+ d \d+ h/);
  });

  it('says the search found nothing for a name no phone has', async () => {
    const page = await openHome();
    await page.getByPlaceholder('Search phones').fill('no such phone');
    await page.getByText('No search results').waitFor();
    expect(await page.getByTestId('phone-card').count()).toBe(0);
  });

  it('shows a live preview of every phone in the sixteen-grid', async () => {
    const page = await openHome();
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByText('Sixteen-grid', { exact: true }).click();
    await expect.poll(() => page.getByTestId('phone-cell').count()).toBe(4);
    await expect.poll(() => cellsWithPictures(page), { timeout: 15_000 }).toBe(4);
  });

  it('opens the phone view when a card is tapped', async () => {
    const page = await openHome();
    await page.getByTestId('phone-card').filter({ hasText: 'Cloud phone 1' }).click();
    await page.waitForURL('**/phone-view/demo?userPhoneId=*');
    expect(page.url()).toContain('/phone-view/demo?userPhoneId=');
  });

  it('shows one large live preview at a time in the main view, and the next phone on "Next page"', async () => {
    const page = await openHome();
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByText('Main view', { exact: true }).click();
    const cell = page.getByTestId('phone-cell');
    await expect.poll(() => cell.allTextContents()).toEqual([expect.stringContaining('Cloud phone 1')]);
    await page.getByText('1 / 4').waitFor();
    await expect.poll(() => cellsWithPictures(page), { timeout: 15_000 }).toBe(1);
    // Larger than a whole row of the four-grid: the phone fills the width it is given.
    expect((await cell.locator('canvas').boundingBox())?.height).toBeGreaterThan(400);

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => cell.allTextContents()).toEqual([expect.stringContaining('Cloud phone 2')]);
    await expect.poll(() => cellsWithPictures(page), { timeout: 15_000 }).toBe(1);
  });

  it('starts choosing phones on a long press, with the pressed one chosen', async () => {
    const page = await openHome();
    const card = page.getByTestId('phone-card').filter({ hasText: 'Cloud phone 2' });
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.getByRole('toolbar', { name: 'Chosen phones' }).getByText('1 selected').waitFor();
    await page.mouse.up();
    expect(await card.getAttribute('aria-pressed')).toBe('true');
    expect(page.url()).not.toContain('phone-view');
  });
});
