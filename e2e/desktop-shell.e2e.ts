import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DesktopShell } from '@cloudphone/desktop/shell';
import { SettingsStore } from '@cloudphone/desktop/settings';
import { arrange } from '@cloudphone/desktop/arrange';
import { CHROME_PATH } from './support/chromium';
import { logInByPassword } from './support/accounts';

const run = promisify(execFile);
const DISPLAY = ':97';
const haveX = ['/usr/bin/Xvfb', '/usr/bin/openbox', '/usr/bin/xdotool'].every((tool) => existsSync(tool));

/**
 * The desktop client's shell (issue 30) under Xvfb with a window manager and the system Chromium: it
 * opens the desktop UI, which logs in and opens phone windows; arranging, the boss key (a real X key
 * press), a clashing hotkey and a second account side by side.
 */
describe.skipIf(!haveX)('the desktop shell', () => {
  const baseUrl = inject('baseUrl');
  let x: ChildProcess;
  let wm: ChildProcess;
  let home: string;
  let shell: DesktopShell;

  beforeAll(async () => {
    x = spawn('Xvfb', [DISPLAY, '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    await sleep(500);
    process.env.DISPLAY = DISPLAY;
    wm = spawn('openbox', [], { stdio: 'ignore', env: { ...process.env, DISPLAY } });
    await sleep(500);
    home = mkdtempSync(join(tmpdir(), 'cloudphone-desktop-'));
    // Folders left open to other users (by hand, an older version): the shell closes them.
    chmodSync(home, 0o755);
    mkdirSync(join(home, 'profiles', 'second'), { recursive: true });
    chmodSync(join(home, 'profiles', 'second'), 0o755);
    const settings = new SettingsStore(home);
    settings.update({ server: baseUrl, clientNo: 'demo' });
    shell = new DesktopShell({
      browserPath: CHROME_PATH,
      home,
      settings,
      version: '0.1.0',
      system: 'linux',
      browserArgs: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    await shell.start();
  });
  afterAll(async () => {
    await shell?.close();
    rmSync(home, { recursive: true, force: true });
    // The key hook keeps its X connection after it stops, and Xlib ends a process whose X server
    // goes away: the screen goes when this test process does.
    process.once('exit', () => {
      wm?.kill();
      x?.kill();
    });
  });

  // One client per account: each attaches to every window the shell opens.
  const browsers = new Map<string, Promise<Browser>>();

  /** Playwright over the shell's own DevTools pipe: the browser listens on no port to connect to. */
  function connectTo(account: string): Promise<Browser> {
    const connecting = shell
      .session(account)!
      .devToolsClient()
      .then((client) => chromium.connectOverCDP(client));
    browsers.set(account, connecting);
    return connecting;
  }

  /** The desktop UI of an account's browser, driven as its user would. */
  async function uiOf(account: string): Promise<Page> {
    const browser = await (browsers.get(account) ?? connectTo(account));
    // The desktop UI's own window is the one the shell answers: phone windows have no binding.
    for (const page of browser.contexts()[0]!.pages()) {
      const ui = await page.evaluate(() => 'cloudphoneShell' in window).catch(() => false);
      if (!ui) continue;
      page.setDefaultTimeout(20_000);
      return page;
    }
    throw new Error(`no desktop UI window for ${account}`);
  }

  it('logs in and opens a sync session started from the list as its phones’ windows, arranged two by two', async () => {
    const owner = inject('deskOwner');
    const page = await uiOf('default');
    await logInByPassword(page, owner.mobile, owner.password);
    await page.getByTestId('desk-phone').first().waitFor();
    const session = shell.session('default')!;
    // Phones driven in their own windows cannot join a session: it starts before any window is open.
    await page.getByRole('button', { name: 'Select' }).click();
    await page.getByText('Select all').click();
    await page.getByTestId('list-sync').click();
    await page.getByRole('dialog').getByTestId('sync-start').click();
    await page.waitForURL('**/desktop/sync/demo');
    const byPlace = (places: ({ left: number; top: number } | null)[]) =>
      places.map((p) => `${p?.left},${p?.top}`).sort();
    const expected = byPlace(arrange(await session.workArea(), 2, 2, 3));
    await expect
      .poll(async () => byPlace(await Promise.all(session.openPhones().map((id) => session.phoneBounds(id)))), {
        timeout: 15_000,
      })
      .toEqual(expected);
    await page.getByTestId('sync-end').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'End sync' }).click();
    await page.getByTestId('sync-start').waitFor();
    await page.locator('.ant-menu').getByText('Phone list', { exact: true }).click();
  });

  it('opens three phone windows, arranges them 1 × 3 and hides and shows them with the boss key', async () => {
    const page = await uiOf('default');
    await page.getByTestId('desk-phone').first().waitFor();
    await page.getByRole('button', { name: 'Select' }).click();
    await page.getByText('Select all').click();
    await page.getByRole('button', { name: 'Open 3 windows' }).click();
    const session = shell.session('default')!;
    await expect.poll(() => session.openPhones().length).toBe(3);

    await page.getByRole('button', { name: 'Arrange', exact: true }).click();
    await page.getByRole('spinbutton', { name: 'rows' }).fill('1');
    await page.getByRole('spinbutton', { name: 'columns' }).fill('3');
    await page.getByTestId('arrange').click();
    // Across and in size as arranged; a window manager may keep a full-height window's title bar on screen.
    const across = (places: ({ left: number; width: number; height: number } | null)[]) =>
      places.map((p) => `${p?.left} ${p?.width}×${p?.height}`);
    const expected = across(arrange(await session.workArea(), 1, 3, 3));
    await expect
      .poll(async () => across(await Promise.all(session.openPhones().map((id) => session.phoneBounds(id)))), {
        timeout: 15_000,
      })
      .toEqual(expected);

    await run('xdotool', ['key', 'ctrl+alt+b'], { env: { ...process.env, DISPLAY } });
    await expect.poll(() => session.windowStates()).toEqual(['minimized', 'minimized', 'minimized', 'minimized']);
    await run('xdotool', ['key', 'ctrl+alt+b'], { env: { ...process.env, DISPLAY } });
    await expect.poll(() => session.windowStates()).toEqual(['normal', 'normal', 'normal', 'normal']);
  });

  it('shows the screenshot key’s picture in front of the phone window in front, within 2 s (issue 55)', async () => {
    const browser = await (browsers.get('default') ?? connectTo('default'));
    const phones = browser
      .contexts()[0]!
      .pages()
      .filter((p) => p.url().includes('/desktop/phone/'));
    // Playwright makes every page it drives claim focus: the shell must see the window manager's.
    for (const phone of phones)
      await (await phone.context().newCDPSession(phone)).send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const front = phones.at(-1)!;
    await front.bringToFront();
    await expect
      .poll(() => Promise.all(phones.map((p) => p.evaluate(() => document.hasFocus()))))
      .toEqual([false, false, true]);
    await run('xdotool', ['key', 'ctrl+alt+s'], { env: { ...process.env, DISPLAY } });
    await front.getByTestId('screenshot-preview').waitFor({ timeout: 2_000 });
    expect(await front.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    expect(await front.getByRole('link', { name: 'Save' }).getAttribute('download')).toMatch(/\.png$/);
    // Only the window in front took one.
    for (const behind of phones.slice(0, -1)) expect(await behind.getByTestId('screenshot-preview').count()).toBe(0);
    await front.getByRole('button', { name: 'Close' }).click();
  });

  it('refuses a hotkey that clashes with another of ours with the spec message', async () => {
    const page = await uiOf('default');
    // Through the UI's own menu, as its user moves (the app window has no address bar).
    await page.locator('.ant-menu').getByText('Settings', { exact: true }).click();
    await page.getByRole('tab', { name: 'Hotkeys' }).click();
    await page.getByTestId('hotkey-screenshot').press('Control+Alt+KeyB');
    await page.getByText('Hotkey conflict: This hotkey is already occupied!').waitFor();
  });

  it('logs a second account in side by side, in a browser profile of its own', async () => {
    await shell.openAccount('second');
    const page = await uiOf('second');
    const other = inject('deskSecond');
    await logInByPassword(page, other.mobile, other.password);
    await page.getByTestId('desk-account').waitFor();
    const first = await uiOf('default');
    const tokenOf = (p: Page) => p.evaluate(() => localStorage.getItem('token'));
    expect(await tokenOf(page)).toBeTruthy();
    expect(await tokenOf(first)).toBeTruthy();
    expect(await tokenOf(page)).not.toBe(await tokenOf(first));
    expect(shell.accounts().sort()).toEqual(['default', 'second']);
  });

  it('keeps each account’s DevTools off the network and its profile folder to the user alone', () => {
    expect(statSync(home).mode & 0o777).toBe(0o700);
    for (const account of shell.accounts()) {
      const profile = join(home, 'profiles', account);
      expect(statSync(profile).mode & 0o777).toBe(0o700);
      expect(existsSync(join(profile, 'DevToolsActivePort'))).toBe(false);
      // Its main process, the zygotes and renderers it started: the sockets of each are read.
      const processes = browserProcesses(profile);
      expect(processes.length).toBeGreaterThan(1);
      const sockets = new Set(processes.flatMap(socketsOf));
      expect(sockets.size).toBeGreaterThan(0);
      expect(listeningPorts(sockets)).toEqual([]);
    }
  });
});

/** Every process of the browser running on a profile: its main process and all it started. */
function browserProcesses(profile: string): number[] {
  const parentOf = new Map<number, number>();
  const main: number[] = [];
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  for (const pid of pids) {
    try {
      // The parent follows the command's name, which may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parentOf.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.includes(`--user-data-dir=${profile}`) && !args.some((arg) => arg.startsWith('--type='))) main.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [...main];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, parent] of parentOf) if (parent === tree[i] && !tree.includes(pid)) tree.push(pid);
  return tree;
}

/** The inodes of a process's sockets, as /proc/net names them. */
function socketsOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.slice(1) ?? [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** The TCP ports listened on by these sockets. */
function listeningPorts(sockets: Set<string>): number[] {
  const LISTEN = '0A';
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((table) => readFileSync(table, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === LISTEN && sockets.has(fields[9]!))
    .map((fields) => parseInt(fields[1]!.split(':')[1]!, 16));
}
