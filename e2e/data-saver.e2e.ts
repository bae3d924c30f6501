import { expect, it } from 'vitest';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword, putAsUser } from './support/accounts';
import { showsLauncher, tap, waitForFrames } from './support/phone-screen';
import { meteredFrames, meterStream } from './support/stream-meter';

const { openPage, baseUrl } = useBrowser();

/** How long the user swipes between screens, and the saver they keep. */
const SWIPE_MS = 30_000;
const SAVER_KBPS = 512;

// Issue 58: a customer on metered mobile data caps what "auto" streams a phone at, and it holds.
it(
  'keeps the stream under a 512 kbps data saver chosen in the settings, through 30 s of swiping',
  async () => {
    const page = await openPage('/app/login/demo');
    await meterStream(page);
    await logInByPassword(page, DEMO.mobile, DEMO.password);
    await page.waitForURL('**/app/demo');
    try {
      await page.goto('/app/system-setting/demo');
      const saver = page.getByTestId('data-saver');
      const saved = page.waitForResponse((r) => r.url().includes('/data-saver') && r.request().method() === 'PUT');
      await saver.getByText('512 kbps').click();
      expect((await (await saved).json()) as unknown).toMatchObject({ code: 0, data: { maxKbps: SAVER_KBPS } });

      await page.goto('/app/phone-view/demo?userPhoneId=1');
      await waitForFrames(page);
      // "Auto" starts on the one rung under the saver: 360 lines.
      await expect.poll(() => page.getByTestId('stream-lines').textContent()).toContain('360P');
      await showsLauncher(page, { pressHome: true });
      const box = (await page.locator('canvas').boundingBox())!;
      const started = Date.now();
      for (let i = 0; Date.now() - started < SWIPE_MS; i++) {
        // Into Settings, then home again with a swipe up from the gesture bar.
        if (i % 2 === 0) await tap(page, 0.125, 0.347);
        else {
          await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.98);
          await page.mouse.down();
          await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.5, { steps: 4 });
          await page.mouse.up();
        }
        await new Promise((resolve) => setTimeout(resolve, 80));
      }
      const arrived = await meteredFrames(page);
      // Every second of the swiping, as a network meter reads it.
      const perSecond: number[] = [];
      for (let from = started; from + 1000 <= started + SWIPE_MS; from += 1000)
        perSecond.push(
          (arrived.filter(([at]) => at >= from && at < from + 1000).reduce((sum, [, bytes]) => sum + bytes, 0) * 8) /
            1000,
        );
      expect(Math.max(...perSecond)).toBeLessThan(SAVER_KBPS);
      // The screen kept changing: this was video, not a still picture.
      expect(perSecond.filter((kbps) => kbps > 50).length).toBeGreaterThan(SWIPE_MS / 1000 / 2);
    } finally {
      await putAsUser(page, baseUrl, user.setDataSaver, { maxKbps: null });
    }
  },
  SWIPE_MS + 40_000,
);
