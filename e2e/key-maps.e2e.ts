import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { storedGold } from '@cloudphone/device-host/game-gold';
import * as sync from '@cloudphone/contracts/endpoints/device/sync';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { logInByPassword } from './support/accounts';
import { apiClient } from './support/api';
import { useBrowser } from './support/browser';
import { showsLauncher, tap, waitForFrames } from './support/phone-screen';

const { openPage } = useBrowser();

/** Where the demo game's controls are on a 720 × 1280 phone, as shares of its screen. */
const MINE = { x: 0.5, y: 0.628 };
const PAD = { x: 0.5, y: 0.819 };

/** The middle of the pad's gold knob on the window's picture, as shares of it (the Mine button is a darker gold). */
function knob(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas') as HTMLCanvasElement;
    const top = Math.floor(canvas.height * 0.7);
    const { data } = canvas.getContext('2d')!.getImageData(0, top, canvas.width, canvas.height - top);
    let [sx, sy, n] = [0, 0, 0];
    for (let i = 0; i < data.length; i += 4)
      if (data[i]! > 200 && data[i + 1]! > 170 && data[i + 2]! < 110) {
        const p = i / 4;
        sx += p % canvas.width;
        sy += top + Math.floor(p / canvas.width);
        n++;
      }
    return { x: sx / n / canvas.width, y: sy / n / canvas.height };
  });
}

/** Drags the editor's control `index` to a spot of the picture given as shares of it. */
async function dragControl(page: Page, index: number, to: { x: number; y: number }): Promise<void> {
  const control = (await page.getByTestId('key-map-control').nth(index).boundingBox())!;
  const layer = (await page.getByTestId('key-map-layer').boundingBox())!;
  await page.mouse.move(control.x + control.width / 2, control.y + control.height / 2);
  await page.mouse.down();
  await page.mouse.move(layer.x + layer.width * to.x, layer.y + layer.height * to.y, { steps: 5 });
  await page.mouse.up();
}

/**
 * Key maps in the desktop control window at 1440 × 900 (issue 65): a key bound to the demo game's Mine
 * button and WASD to its pad in the window's editor, then played — on a phone that is a sync session's
 * main, so its followers mine too. The gold is read from the host's store, beside the running host.
 */
describe('playing a game from the keyboard (issue 65)', () => {
  it('mines with a mapped key on the main and its followers; WASD pushes the pad’s knob, Mine works while D is held', async () => {
    const owner = inject('keyMapper');
    const dataDir = inject('dataDir');
    const api = await apiClient(inject('baseUrl'), owner);
    const [main, ...followers] = owner.userPhoneIds;
    const instances = await Promise.all(
      owner.userPhoneIds.map(
        async (userPhoneId) => (await api.call(userPhone.securityToken, { query: { userPhoneId } })).data.instanceNo,
      ),
    );
    const started = await api.call(sync.create, { body: { mainUserPhoneId: main!, followerUserPhoneIds: followers } });
    expect(started.code).toBe(0);

    const page = await openPage('/desktop/login/demo', { desktop: true });
    page.setDefaultTimeout(20_000);
    await logInByPassword(page, owner.mobile, owner.password);
    await page.getByTestId('desk-phone').first().waitFor();
    await page.goto(`/desktop/phone/demo?userPhoneId=${main}`);
    await waitForFrames(page);
    await showsLauncher(page);
    await tap(page, 0.875, 0.347); // the game, on all three
    const keyMap = page.getByTestId('key-map-button');
    await expect.poll(() => keyMap.isEnabled()).toBe(true);

    // A tap dropped from the palette on Mine and bound to J; a joystick (WASD) placed, then dragged to the pad.
    await keyMap.click();
    const layer = page.getByTestId('key-map-layer');
    const screen = (await layer.boundingBox())!;
    await page
      .getByRole('button', { name: '+ Tap' })
      .dragTo(layer, { targetPosition: { x: screen.width * MINE.x, y: screen.height * MINE.y } });
    await page.getByRole('button', { name: '+ Joystick' }).click();
    await dragControl(page, 1, PAD);
    await page.getByTestId('key-map-control').nth(0).click();
    await page.getByTestId('key-map-selected').getByRole('button', { name: 'Bind key' }).click();
    await page.keyboard.press('KeyJ');
    await expect.poll(() => page.getByTestId('key-map-control').nth(0).textContent()).toBe('J');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Key map saved').waitFor();
    await expect.poll(() => page.getByTestId('key-map-layer').getAttribute('class')).not.toContain('editing');

    const gold = () => {
      const all = storedGold(dataDir);
      return instances.map((instanceNo) => all.get(instanceNo) ?? 0);
    };
    const before = gold();
    await page.keyboard.press('KeyJ');
    await new Promise((r) => setTimeout(r, 1_000));
    const after = gold();
    for (const [i, was] of before.entries()) expect(after[i]! - was, `phone ${i}`).toBeGreaterThanOrEqual(10);
    // Less than two taps' worth: one press is one tap.
    expect(after[0]! - before[0]!).toBeLessThan(20);

    const rest = await knob(page);
    const pushes = { KeyW: [0, -1], KeyA: [-1, 0], KeyS: [0, 1], KeyD: [1, 0] } as const;
    for (const [key, [dx, dy]] of Object.entries(pushes)) {
      await page.keyboard.down(key);
      await expect
        .poll(async () => {
          const at = await knob(page);
          return (at.x - rest.x) * dx + (at.y - rest.y) * dy;
        })
        .toBeGreaterThan(0.03);
      if (key === 'KeyD') {
        // Mine while D is held: the gold comes, and the knob stays pushed.
        const mined = gold()[0]!;
        await page.keyboard.press('KeyJ');
        await expect.poll(() => gold()[0]! - mined, { timeout: 1_000 }).toBeGreaterThanOrEqual(10);
        // Held past the host's release of an idle pointer: the key's pointer is kept down.
        await new Promise((r) => setTimeout(r, 1_500));
        expect((await knob(page)).x).toBeGreaterThan(rest.x + 0.03);
      }
      await page.keyboard.up(key);
      await expect.poll(async () => Math.abs((await knob(page)).x - rest.x)).toBeLessThan(0.01);
    }

    await api.call(sync.end, { body: { syncId: started.data.syncId } });
  }, 120_000);
});
