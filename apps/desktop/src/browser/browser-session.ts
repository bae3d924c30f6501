import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ShellToUi, UiToShell } from '@cloudphone/contracts/desktop';
import { makePrivateFolder } from '../settings/private-folder';
import { cascade, PHONE_WINDOW_SIZE, type Bounds } from '../windows/arrange';
import { CdpConnection } from './cdp';
import { DevToolsClient } from './devtools-client';

/** The function the desktop UI calls to reach the shell (a DevTools binding: no port, no server). */
export const SHELL_BINDING = 'cloudphoneShell';
/** The DOM event the shell answers the UI with. */
export const SHELL_EVENT = 'cloudphone-shell';

interface PhoneWindow {
  targetId: string;
  windowId: number;
  /** The DevTools session of its page, to tell it of hotkeys. */
  sessionId: string;
}

/**
 * One account's browser (its own profile: cookies, storage, login): the desktop UI in an app window,
 * and one window per opened phone, placed and minimised over the DevTools protocol.
 */
export class BrowserSession {
  private readonly phones = new Map<number, PhoneWindow>();
  private mainSession = '';
  private mainTarget = '';
  private opening: Promise<unknown> = Promise.resolve();
  private mainWindow = 0;

  private constructor(
    private readonly process: ChildProcess,
    private readonly cdp: CdpConnection,
    private readonly appUrl: string,
  ) {
    cdp.on('Target.targetDestroyed', (params) => {
      for (const [id, window] of this.phones) if (window.targetId === params.targetId) this.phones.delete(id);
    });
  }

  /** Starts the browser on `profileDir` with the desktop UI at `appUrl` in an app window. */
  static async launch(options: {
    browserPath: string;
    profileDir: string;
    appUrl: string;
    onMessage: (message: UiToShell, from: BrowserSession) => void;
    extraArgs?: readonly string[];
  }): Promise<BrowserSession> {
    makePrivateFolder(options.profileDir);
    // Left by a run before the shell drove its browser over a pipe: it names a port nobody listens on.
    rmSync(join(options.profileDir, 'DevToolsActivePort'), { force: true });
    const child = spawn(
      options.browserPath,
      [
        `--user-data-dir=${options.profileDir}`,
        // DevTools over the browser's fd 3 and 4, which only this process holds: a port (and the
        // DevToolsActivePort file naming it) would let any local program run code in the signed-in UI.
        '--remote-debugging-pipe',
        '--no-first-run',
        '--no-default-browser-check',
        '--disable-features=Translate',
        // A phone window's sound starts with it, without a click first (issue 59).
        '--autoplay-policy=no-user-gesture-required',
        ...(options.extraArgs ?? []),
        `--app=${options.appUrl}`,
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    const cdp = new CdpConnection(child.stdio[3] as Writable, child.stdio[4] as Readable);
    child.once('exit', () => cdp.close());
    child.once('error', () => cdp.close());
    const session = new BrowserSession(child, cdp, options.appUrl);
    await session.attachToApp((message) => options.onMessage(message, session));
    return session;
  }

  /** A DevTools client of its own on this browser's pipe: the e2e suite drives the desktop UI through it. */
  devToolsClient(): Promise<DevToolsClient> {
    return DevToolsClient.attach(this.cdp);
  }

  /** Opens a phone's control window, or brings it forward; `bounds` where the user last left it. */
  openPhone(userPhoneId: number, url: string, bounds?: Bounds): Promise<void> {
    // One at a time: a new window is known by being the next one the UI's page opens.
    const run = this.opening.then(() => this.openPhoneNow(userPhoneId, url, bounds));
    this.opening = run.catch(() => undefined);
    return run;
  }

  private async openPhoneNow(userPhoneId: number, url: string, bounds?: Bounds): Promise<void> {
    const open = this.phones.get(userPhoneId);
    if (open) {
      await this.setBounds(open.windowId, { windowState: 'normal' });
      await this.cdp.send('Target.activateTarget', { targetId: open.targetId });
      return;
    }
    // A window never placed before cascades from the last one opened: none opens on top of another.
    const place = bounds ?? cascade(await this.workArea(), this.phones.size);
    const targetId = await this.openPopup(url, `phone-${userPhoneId}`);
    const windowId = await this.windowOf(targetId);
    const { sessionId } = await this.cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    this.phones.set(userPhoneId, { targetId, windowId, sessionId });
    await this.setBounds(windowId, place);
  }

  /** The phones whose windows are open, in the order they were opened. */
  openPhones(): number[] {
    return [...this.phones.keys()];
  }

  async phoneBounds(userPhoneId: number): Promise<Bounds | null> {
    const window = this.phones.get(userPhoneId);
    if (!window) return null;
    const { bounds } = await this.cdp.send<{ bounds: Bounds & { windowState: string } }>('Browser.getWindowBounds', {
      windowId: window.windowId,
    });
    return { left: bounds.left, top: bounds.top, width: bounds.width, height: bounds.height };
  }

  async placePhone(userPhoneId: number, bounds: Bounds): Promise<void> {
    const window = this.phones.get(userPhoneId);
    if (!window) return;
    // A minimised or maximised window takes no bounds: it is made normal first.
    await this.setBounds(window.windowId, { windowState: 'normal' });
    await this.setBounds(window.windowId, bounds);
    // Arranged windows come to the front, where the user looks for them.
    await this.cdp.send('Target.activateTarget', { targetId: window.targetId });
  }

  /** Minimises (the boss key, "hide all") or restores every window of this account, and brings them to the front. */
  async minimiseAll(minimised: boolean): Promise<void> {
    const windowState = minimised ? 'minimized' : 'normal';
    for (const windowId of [this.mainWindow, ...[...this.phones.values()].map((w) => w.windowId)])
      await this.setBounds(windowId, { windowState }).catch(() => undefined);
    if (minimised) return;
    for (const { targetId } of this.phones.values())
      await this.cdp.send('Target.activateTarget', { targetId }).catch(() => undefined);
  }

  /** The state of each window, the desktop UI's first: `normal`, `minimized`, `maximized` or `fullscreen`. */
  async windowStates(): Promise<string[]> {
    const ids = [this.mainWindow, ...[...this.phones.values()].map((w) => w.windowId)];
    const states: string[] = [];
    for (const windowId of ids) {
      const { bounds } = await this.cdp.send<{ bounds: { windowState: string } }>('Browser.getWindowBounds', {
        windowId,
      });
      states.push(bounds.windowState);
    }
    return states;
  }

  /** Where windows may go: the screen without its task bar, as the desktop UI's page sees it. */
  async workArea(): Promise<Bounds> {
    const { result } = await this.cdp.send<{ result: { value: Bounds } }>(
      'Runtime.evaluate',
      {
        expression:
          '({ left: screen.availLeft, top: screen.availTop, width: screen.availWidth, height: screen.availHeight })',
        returnByValue: true,
      },
      this.mainSession,
    );
    return result.value;
  }

  /** Answers the desktop UI (a DOM event on its page). */
  tell(message: ShellToUi): Promise<void> {
    return this.dispatch(message, this.mainSession);
  }

  private async dispatch(message: ShellToUi, sessionId: string): Promise<void> {
    const expression = `window.dispatchEvent(new CustomEvent(${JSON.stringify(SHELL_EVENT)}, { detail: ${JSON.stringify(message)} }))`;
    await this.cdp.send('Runtime.evaluate', { expression }, sessionId).catch(() => undefined);
  }

  /** Tells the phone window in front, if one of ours is, of a hotkey meant for it (the screenshot key). */
  async tellFocusedPhone(message: ShellToUi): Promise<void> {
    for (const window of this.phones.values()) {
      const { result } = await this.cdp.send<{ result: { value: boolean } }>(
        'Runtime.evaluate',
        { expression: 'document.hasFocus()', returnByValue: true },
        window.sessionId,
      );
      if (result.value) return this.dispatch(message, window.sessionId);
    }
  }

  onClosed(listener: () => void): void {
    this.cdp.on('closed', () => listener());
  }

  /** Closes the browser and waits for it to be gone (its profile is then free to move or delete). */
  async close(): Promise<void> {
    const exited = new Promise((resolve) =>
      this.process.exitCode !== null ? resolve(null) : this.process.once('exit', resolve),
    );
    await this.cdp.send('Browser.close').catch(() => undefined);
    this.cdp.close();
    const killed = setTimeout(() => this.process.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killed);
  }

  private async attachToApp(onMessage: (message: UiToShell) => void): Promise<void> {
    const app = await this.appTarget();
    const { sessionId } = await this.cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: app.targetId,
      flatten: true,
    });
    this.mainSession = sessionId;
    this.mainTarget = app.targetId;
    this.mainWindow = await this.windowOf(app.targetId);
    // Phone windows are found as they open (openPopup).
    await this.cdp.send('Target.setDiscoverTargets', { discover: true });
    this.cdp.on('Runtime.bindingCalled', (params, from) => {
      if (from !== sessionId || params.name !== SHELL_BINDING) return;
      try {
        onMessage(JSON.parse(String(params.payload)) as UiToShell);
      } catch {
        // Not a message of ours: nothing to do.
      }
    });
    await this.cdp.send('Runtime.enable', {}, sessionId);
    // Kept across the page's reloads and its own navigations (the UI moves between its screens without
    // loading a new document). A navigation typed into the window after it has opened phone windows
    // moves it to a new renderer process, where the binding is lost: the app window has no address bar.
    await this.cdp.send('Runtime.addBinding', { name: SHELL_BINDING }, sessionId);
  }

  /** The desktop UI's page: the pipe answers as soon as the browser starts, maybe before its window is there. */
  private async appTarget(): Promise<{ targetId: string }> {
    const origin = new URL(this.appUrl).origin;
    for (let waited = 0; waited < 20_000; waited += 100) {
      const { targetInfos } = await this.cdp.send<{ targetInfos: { targetId: string; type: string; url: string }[] }>(
        'Target.getTargets',
      );
      const app = targetInfos.find((t) => t.type === 'page' && t.url.startsWith(origin));
      if (app) return app;
      await sleep(100);
    }
    throw new Error('the desktop UI window did not open');
  }

  /**
   * Opens a window from the desktop UI's page as a popup: a plain window of its own (no tabs, no
   * toolbar), as an app's windows are, which the DevTools protocol's own new windows are not.
   */
  private async openPopup(url: string, name: string): Promise<string> {
    const opened = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the phone window did not open')), 10_000);
      const stop = this.cdp.on('Target.targetCreated', (params) => {
        const info = params.targetInfo as { targetId: string; type: string; openerId?: string };
        if (info.type !== 'page' || info.openerId !== this.mainTarget) return;
        stop();
        clearTimeout(timer);
        resolve(info.targetId);
      });
    });
    const features = `popup,width=${PHONE_WINDOW_SIZE.width},height=${PHONE_WINDOW_SIZE.height}`;
    await this.cdp.send(
      'Runtime.evaluate',
      {
        expression: `void window.open(${JSON.stringify(url)}, ${JSON.stringify(name)}, '${features}')`,
        userGesture: true,
      },
      this.mainSession,
    );
    return opened;
  }

  private async windowOf(targetId: string): Promise<number> {
    return (await this.cdp.send<{ windowId: number }>('Browser.getWindowForTarget', { targetId })).windowId;
  }

  private async setBounds(windowId: number, bounds: Partial<Bounds> & { windowState?: string }): Promise<void> {
    await this.cdp.send('Browser.setWindowBounds', { windowId, bounds });
  }
}
