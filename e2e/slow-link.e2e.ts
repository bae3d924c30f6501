import { expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { DEMO, logInByPassword } from './support/accounts';
import { isLauncherBlue, pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';
import { startRelay } from './support/throttle-relay';

const { openPage, baseUrl } = useBrowser();

/** How long the viewer taps on the slow link, and how soon each tap must show. */
const WATCH_MS = 30_000;
const ANSWER_MS = 1_000;
/** Taps this often ask more of 1 Mbit/s than it carries: the host holds frames back. */
const TAP_MS = 60;

// Issue 57: on a slow mobile link the viewer sees the phone as it is now, and is told the network is poor.
it(
  'answers every tap within a second on a 1 Mbit/s link, and marks the network poor while frames are skipped',
  async () => {
    const server = new URL(baseUrl);
    // The phone's stream takes the slow link; the page itself loads at full speed.
    const relay = await startRelay(
      { host: server.hostname, port: Number(server.port) },
      { kbps: 1_000, delayMs: 40, loss: 0, only: (request) => request.startsWith('GET /stream/') },
    );
    try {
      const page = await openPage('/app/login/demo', { via: `http://${server.hostname}:${relay.port}` });
      await logInByPassword(page, DEMO.mobile, DEMO.password);
      await page.waitForURL('**/app/demo');
      await page.goto('/app/phone-view/demo?userPhoneId=1');
      await waitForFrames(page);
      // When each frame was drawn, and whether the mark ever showed (it may come and go between two looks).
      await page.evaluate(() => {
        const seen = window as { drawnAt?: number[]; poorSeen?: boolean };
        seen.drawnAt = [];
        const canvas = document.querySelector('canvas')!;
        new MutationObserver(() => seen.drawnAt!.push(Date.now())).observe(canvas, {
          attributeFilter: ['data-frames'],
        });
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="link-badge"][data-poor="true"]')) seen.poorSeen = true;
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await showsLauncher(page, { pressHome: true });
      // Taps faster than the link carries their frames: Settings, then the launcher through the gesture bar.
      const taps: number[] = [];
      const started = Date.now();
      for (let i = 0; Date.now() - started < WATCH_MS; i++) {
        taps.push(Date.now());
        await tap(page, i % 2 === 0 ? 0.125 : 0.5, i % 2 === 0 ? 0.347 : 0.975);
        await new Promise((resolve) => setTimeout(resolve, TAP_MS));
      }
      await new Promise((resolve) => setTimeout(resolve, ANSWER_MS));
      // Every tap is answered: a frame drawn after it, within a second — the phone as it is then.
      const drawnAt = await page.evaluate(() => (window as { drawnAt?: number[] }).drawnAt ?? []);
      const unanswered = taps.filter((t) => !drawnAt.some((d) => d > t && d <= t + ANSWER_MS));
      expect(unanswered).toEqual([]);
      // And the last tap's screen is the one shown.
      expect(isLauncherBlue(await pixel(page, 0.5, 0.6))).toBe(taps.length % 2 === 0);
      expect(await page.evaluate(() => (window as { poorSeen?: boolean }).poorSeen)).toBe(true);
    } finally {
      await relay.stop();
    }
  },
  WATCH_MS + 30_000,
);
