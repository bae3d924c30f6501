import type { Page } from 'playwright-core';

/**
 * Counts, before the app loads, each binary frame the phone's stream brings — its arrival time and size
 * in `window.streamFrames`, with its kind (byte 0, `FrameKind`): the page's own network meter.
 */
export async function meterStream(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const meter = window as { streamFrames?: [number, number, number][] };
    meter.streamFrames = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!String(url).includes('/stream/')) return;
        this.addEventListener('message', (event: MessageEvent) => {
          if (!(event.data instanceof ArrayBuffer)) return;
          meter.streamFrames!.push([Date.now(), event.data.byteLength, new Uint8Array(event.data)[0] ?? 0]);
        });
      }
    };
  });
}

/** The frames counted so far: [arrived at, bytes, kind]. */
export function meteredFrames(page: Page): Promise<[number, number, number][]> {
  return page.evaluate(() => (window as { streamFrames?: [number, number, number][] }).streamFrames ?? []);
}
