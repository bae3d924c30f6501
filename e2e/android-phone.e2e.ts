import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { useBrowser } from './support/browser';
import { asUser, newMobile, requestLoginCode, submitCode } from './support/accounts';
import { choosePackage, payBySimulatedPay } from './support/commerce';
import { darkPixels, isLauncherBlue, pixel, showsLauncher, tap, waitForFrames } from './support/phone-screen';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { FILES_APP, FIRST_APP, FIRST_ROW, uploadFromPhoneView } from './support/phone-files';
import { startStack, type ServerProcess } from './support/stack';

/**
 * Issue 60: a phone on an Android device — the scrcpy double, a process of its own, stands for the
 * device — is bought, opened, tapped and typed into like a virtual one, while its H.264 passes through
 * the host untouched: no encoder runs for it there, and the page gets the device's own packets.
 */
const { openPage } = useBrowser();
const repoRoot = resolve(import.meta.dirname, '..');
const files = mkdtempSync(join(tmpdir(), 'cloudphone-android-'));
/** sha256 of every video packet the device sent. */
const devicePackets = new Set<string>();
let device: ChildProcess;
let stack: ServerProcess;

beforeAll(async () => {
  device = spawn(process.execPath, ['--import', 'tsx', 'apps/device-host/testing/scrcpy-double/main.ts', '1'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: device.stdout! });
  const addresses = await new Promise<string[]>((resolveAddresses) =>
    lines.on('line', (line) => {
      if (line.startsWith('unit ')) devicePackets.add(line.slice(5));
      else if (line.startsWith('{')) resolveAddresses((JSON.parse(line) as { addresses: string[] }).addresses);
    }),
  );
  // The operator's scrcpy server file: the device checks it was pushed where the host starts it from.
  const server = join(files, 'scrcpy-server.jar');
  writeFileSync(server, 'scrcpy-server 3.3.3');
  stack = await startStack({ PHONE_DRIVER: 'android', ANDROID_DEVICES: addresses.join(','), SCRCPY_SERVER: server });
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  device?.kill('SIGTERM');
  rmSync(files, { recursive: true, force: true });
});

/** Before the app loads: the stream's config messages and its first H.264 frames, as the page receives them. */
async function recordStream(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as { streamConfigs?: unknown[]; streamUnits?: number[][] };
    record.streamConfigs = [];
    record.streamUnits = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!String(url).includes('/stream/') || String(url).includes('/previews')) return;
        this.addEventListener('message', (event: MessageEvent) => {
          if (typeof event.data === 'string') {
            const message = JSON.parse(event.data) as { type: string };
            if (message.type === 'config') record.streamConfigs!.push(message);
          } else if (event.data instanceof ArrayBuffer && record.streamUnits!.length < 5) {
            const bytes = new Uint8Array(event.data);
            if (bytes[0] === 1 || bytes[0] === 2) record.streamUnits!.push([...bytes.subarray(9)]);
          }
        });
      }
    };
  });
}

/** The processes under `pid`, by name (read from /proc: a machine may have no `ps`). */
function processTree(pid: number): string[] {
  const rows = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid …" — comm may hold spaces, so read around its parentheses.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!;
        return [[entry, ppid, name] as const];
      } catch {
        return []; // it ended while we looked
      }
    });
  const under = new Set([String(pid)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of rows) if (under.has(parent) && !under.has(child)) grew = under.add(child).size > 0;
  }
  return rows.filter(([child]) => under.has(child) && child !== String(pid)).map(([, , name]) => name);
}

/** `avc1.PPCCLL` from the first SPS of an Annex-B unit. */
function codecStringOf(unit: Uint8Array): string | undefined {
  for (let i = 0; i + 6 < unit.length; i++)
    if (unit[i] === 0 && unit[i + 1] === 0 && unit[i + 2] === 1 && (unit[i + 3]! & 0x1f) === 7)
      return `avc1.${[...unit.subarray(i + 4, i + 7)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('')}`;
  return undefined;
}

describe('a phone on an Android device (issue 60)', () => {
  let page: Page;
  let userPhoneId = 0;

  it('is bought and opened; taps and typing reach Notes; the page gets the device packets, encoded nowhere else', async () => {
    page = await openPage(`${stack.baseUrl}/app/login/demo`);
    await recordStream(page);
    await submitCode(page, await requestLoginCode(page, stack.baseUrl, newMobile()));
    await page.waitForURL('**/app/demo');
    await page.goto(`${stack.baseUrl}/app/add-phone/demo`);
    await page.getByRole('radio', { name: /^Standard/ }).click();
    await choosePackage(page, '1 day', '¥1.20');
    await page.getByRole('button', { name: 'Buy now' }).click();
    await payBySimulatedPay(page, '¥1.20');
    const [phone] = (await asUser(page, stack.baseUrl, userPhone.list, { pageSize: 10 })).data.list;
    userPhoneId = phone!.userPhoneId;

    await page.goto(`${stack.baseUrl}/app/phone-view/demo?userPhoneId=${userPhoneId}`);
    await waitForFrames(page);
    expect(await page.locator('canvas').getAttribute('data-codec')).toBe('h264');
    const { configs, units } = await page.evaluate(() => {
      const record = window as { streamConfigs?: { codecString?: string }[]; streamUnits?: number[][] };
      return { configs: record.streamConfigs ?? [], units: record.streamUnits ?? [] };
    });
    // The device's packets, byte for byte; the config names the codec its SPS says.
    const key = Uint8Array.from(units[0]!);
    expect(devicePackets).toContain(createHash('sha256').update(key).digest('hex'));
    expect(configs.at(-1)?.codecString).toBe(codecStringOf(key));
    expect(processTree(stack.pid)).not.toContain('ffmpeg');

    await showsLauncher(page, { pressHome: true });
    await tap(page, 0.625, 0.347); // the Notes icon: a light page
    await expect.poll(async () => Math.min(...(await pixel(page, 0.5, 0.5)))).toBeGreaterThan(230);
    // The device's keyboard is up: the viewer's is too, and what is typed goes to the note.
    const keyboard = page.getByRole('textbox', { name: 'Text for the cloud phone' });
    await keyboard.waitFor({ state: 'visible' });
    const marker = `android${Date.now() % 10_000}`;
    await keyboard.fill(marker);
    // Read the note back: Notes' Copy puts it on the device's clipboard, which the page shows.
    await tap(page, 0.717, 0.078);
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.locator('.cp-tools-grid').getByRole('button', { name: 'Clipboard' }).click();
    await expect.poll(() => page.getByTestId('device-clipboard').textContent()).toContain(marker);
    expect(processTree(stack.pid)).not.toContain('ffmpeg');
  }, 60_000);

  it('shows the screen through the WASM decoder where the browser has no VideoDecoder, and a preview in the grid', async () => {
    const withoutWebCodecs = await page.context().newPage();
    await withoutWebCodecs.addInitScript(() => {
      delete (window as { VideoDecoder?: unknown }).VideoDecoder;
    });
    await withoutWebCodecs.goto(`${stack.baseUrl}/app/phone-view/demo?userPhoneId=${userPhoneId}`);
    await waitForFrames(withoutWebCodecs);
    expect(await withoutWebCodecs.locator('canvas').getAttribute('data-codec')).toBe('h264');
    await expect.poll(async () => Math.max(...(await pixel(withoutWebCodecs, 0.5, 0.5)))).toBeGreaterThan(0);

    await page.goto(`${stack.baseUrl}/app/demo`);
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByText('Sixteen-grid', { exact: true }).click();
    const cell = page.getByTestId('phone-cell').locator('canvas').first();
    await expect
      .poll(
        () =>
          cell.evaluate((canvas: HTMLCanvasElement) => {
            if (!canvas.width) return false;
            const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
            return data.some((value, i) => i % 4 === 3 && value !== 0);
          }),
        { timeout: 15_000 },
      )
      .toBe(true);
  }, 45_000);

  it('installs an APK from Files on the device and shows it on its launcher; a file lands in Files; restart and back; no reset, new machine or template', async () => {
    // The phone view offers what a handset can do, and not what it cannot (issue 61).
    await page.goto(`${stack.baseUrl}/app/phone-view/demo?userPhoneId=${userPhoneId}`);
    await waitForFrames(page);
    await page.getByRole('button', { name: 'Tools' }).click();
    const tools = page.locator('.cp-tools-grid');
    await tools.getByRole('button', { name: 'Restart' }).waitFor();
    for (const lacking of ['Factory reset', 'New machine', 'Make template', 'Resolution'])
      expect(await tools.getByRole('button', { name: lacking }).count(), lacking).toBe(0);

    // An APK from Files: pushed to the device and installed there by `pm install`.
    await page.goto(`${stack.baseUrl}/app/file-manager/demo?userPhoneIds=${userPhoneId}`);
    await page.getByTestId('pick-app').setInputFiles(GOLD_MINER_APK);
    await expect.poll(() => page.getByTestId('upload-row').first().getAttribute('data-state')).toBe('success');
    await page.getByTestId('library-file').filter({ hasText: 'Gold Miner' }).click();
    await page.getByRole('button', { name: 'Push to phones (1)' }).click();
    await page.getByRole('button', { name: 'Push', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('push-row').first().getAttribute('data-state'), { timeout: 30_000 })
      .toBe('install_success');
    await page.goto(`${stack.baseUrl}/app/phone-view/demo?userPhoneId=${userPhoneId}`);
    await waitForFrames(page);
    await showsLauncher(page, { pressHome: true });
    // Its icon, where the launcher's first free place is (over the wallpaper's blue before).
    expect(isLauncherBlue(await pixel(page, FIRST_APP.x, FIRST_APP.y))).toBe(false);

    // A file from the phone view's upload tool, written to the device's /sdcard: Files lists it.
    await tap(page, FILES_APP.x, FILES_APP.y);
    await expect.poll(async () => isLauncherBlue(await pixel(page, 0.5, FIRST_ROW.top - 0.01))).toBe(false);
    const emptyRow = await darkPixels(page, FIRST_ROW.top, FIRST_ROW.bottom);
    await uploadFromPhoneView(page, 'shopping-list.txt', 'milk, eggs, flour\n');
    await expect.poll(() => darkPixels(page, FIRST_ROW.top, FIRST_ROW.bottom)).toBeGreaterThan(emptyRow + 50);

    // Restart: `adb reboot`, restarting until the device answers again.
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.locator('.cp-tools-grid').getByRole('button', { name: 'Restart' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Restart' }).click();
    await page.locator('[data-status="restarting"]').waitFor();
    await page.locator('.cp-phone-view__status').waitFor({ state: 'detached', timeout: 20_000 });
    await waitForFrames(page);
  }, 90_000);
});
