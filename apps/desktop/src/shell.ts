import { join } from 'node:path';
import {
  hotkeyRefusal,
  type DesktopSystem,
  type HotkeyAction,
  type ShellToUi,
  type UiToShell,
} from '@cloudphone/contracts/desktop';
import { BrowserSession } from './browser/browser-session';
import { Hotkeys } from './hotkeys/hotkeys';
import type { SettingsStore } from './settings/settings-store';
import { arrange, type Bounds } from './windows/arrange';

/** Phone windows' places are read this often, so each opens next time where it was left. */
const REMEMBER_PLACES_MS = 3_000;

export interface ShellOptions {
  browserPath: string;
  home: string;
  settings: SettingsStore;
  version: string;
  system: DesktopSystem;
  /** Extra browser switches (tests run without a GPU or sandbox). */
  browserArgs?: readonly string[];
}

/**
 * The desktop client's shell (issue 30): each account in its own browser, one window per phone,
 * arranging, the boss key and the other global hotkeys, window places remembered.
 */
export class DesktopShell {
  private readonly sessions = new Map<string, BrowserSession>();
  private readonly hotkeys = new Hotkeys((action) => void this.onHotkey(action));
  private hotkeysHeard = false;
  private hidden = false;
  private lastArrangement: { rows: number; columns: number } | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: ShellOptions) {
    this.timer = setInterval(() => void this.rememberPlaces(), REMEMBER_PLACES_MS);
  }

  async start(): Promise<void> {
    this.hotkeys.set(this.options.settings.get().hotkeys);
    this.hotkeysHeard = await this.hotkeys.start();
    await this.openAccount(this.options.settings.get().accounts[0] ?? 'default');
  }

  /** Opens an account's own browser (a profile of its own), or brings it forward. */
  async openAccount(account: string): Promise<BrowserSession> {
    const open = this.sessions.get(account);
    if (open) {
      await open.minimiseAll(false);
      return open;
    }
    const { settings } = this.options;
    const session = await BrowserSession.launch({
      browserPath: this.options.browserPath,
      profileDir: join(this.options.home, 'profiles', account.replace(/[^A-Za-z0-9_-]/g, '_')),
      appUrl: this.url(''),
      extraArgs: this.options.browserArgs,
      onMessage: (message, from) => void this.onMessage(message, from, account),
    });
    this.sessions.set(account, session);
    session.onClosed(() => this.sessions.delete(account));
    if (!settings.get().accounts.includes(account))
      settings.update({ accounts: [...settings.get().accounts, account] });
    return session;
  }

  accounts(): string[] {
    return [...this.sessions.keys()];
  }

  session(account: string): BrowserSession | undefined {
    return this.sessions.get(account);
  }

  /**
   * Arranges the open phone windows of an account in rows × columns (spec §5: not 0, two windows at
   * least): every one, or these in this order.
   */
  async arrange(account: string, rows: number, columns: number, only?: number[]): Promise<boolean> {
    const session = this.sessions.get(account);
    const open = session?.openPhones() ?? [];
    const phones = only ? only.filter((id) => open.includes(id)) : open;
    if (!session || rows < 1 || columns < 1 || phones.length < 2) return false;
    this.lastArrangement = { rows, columns };
    const places = arrange(await session.workArea(), rows, columns, phones.length);
    for (const [i, phone] of phones.entries()) await session.placePhone(phone, places[i]!);
    await this.rememberPlaces();
    return true;
  }

  /** The boss key: every window of every account minimised at once, and back. */
  async setHidden(hidden: boolean): Promise<void> {
    this.hidden = hidden;
    await Promise.all([...this.sessions.values()].map((s) => s.minimiseAll(hidden)));
  }

  isHidden(): boolean {
    return this.hidden;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.hotkeys.stop();
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
  }

  private url(page: string, search = ''): string {
    const { server, clientNo } = this.options.settings.get();
    return `${server.replace(/\/$/, '')}/desktop${page}/${clientNo}${search}`;
  }

  /** A phone's window, where and as large as it was last left. */
  private openPhone(session: BrowserSession, userPhoneId: number): Promise<void> {
    const url = this.url('/phone', `?userPhoneId=${userPhoneId}`);
    return session.openPhone(userPhoneId, url, this.options.settings.get().windows[String(userPhoneId)]);
  }

  private async onMessage(message: UiToShell, session: BrowserSession, account: string): Promise<void> {
    const { settings } = this.options;
    switch (message.type) {
      case 'hello':
        break;
      case 'openPhone':
        await this.openPhone(session, message.userPhoneId);
        break;
      case 'arrange':
        if (!(await this.arrange(account, message.rows, message.columns)))
          await session.tell({ type: 'arrangeRefused' });
        break;
      case 'openTogether': {
        for (const id of message.userPhoneIds) await this.openPhone(session, id);
        const columns = Math.ceil(Math.sqrt(message.userPhoneIds.length));
        await this.arrange(account, Math.ceil(message.userPhoneIds.length / columns), columns, message.userPhoneIds);
        break;
      }
      case 'minimiseAll':
      case 'showAll':
        await this.setHidden(message.type === 'minimiseAll');
        break;
      case 'setHotkey': {
        const reason = hotkeyRefusal(message.action, message.accelerator, settings.get().hotkeys, this.options.system);
        if (reason) {
          await session.tell({
            type: 'hotkeyRefused',
            action: message.action,
            accelerator: message.accelerator,
            reason,
          });
          return;
        }
        settings.update({ hotkeys: { ...settings.get().hotkeys, [message.action]: message.accelerator } });
        this.hotkeys.set(settings.get().hotkeys);
        break;
      }
      case 'openAccount':
        await this.openAccount(message.account);
        break;
      case 'forgetWindowPlaces':
        settings.update({ windows: {} });
        break;
    }
    await session.tell(this.state(account, session));
  }

  private state(account: string, session: BrowserSession): ShellToUi {
    const settings = this.options.settings.get();
    return {
      type: 'state',
      version: this.options.version,
      system: this.options.system,
      hotkeys: settings.hotkeys,
      hotkeysHeard: this.hotkeysHeard,
      account,
      accounts: settings.accounts,
      openPhones: session.openPhones(),
    };
  }

  private async onHotkey(action: HotkeyAction): Promise<void> {
    if (action === 'boss') return this.setHidden(!this.hidden);
    if (action === 'showAll') return this.setHidden(false);
    if (action === 'arrange') {
      for (const [account, session] of this.sessions) {
        const count = session.openPhones().length;
        const columns = this.lastArrangement?.columns ?? Math.ceil(Math.sqrt(count));
        await this.arrange(account, this.lastArrangement?.rows ?? Math.ceil(count / columns), columns);
      }
      return;
    }
    // The screenshot key: the phone window in front takes one.
    for (const session of this.sessions.values()) await session.tellFocusedPhone({ type: 'screenshot' });
  }

  private async rememberPlaces(): Promise<void> {
    // A minimised window has no place worth keeping.
    if (this.hidden) return;
    const windows: Record<string, Bounds> = { ...this.options.settings.get().windows };
    let changed = false;
    for (const session of this.sessions.values())
      for (const phone of session.openPhones()) {
        const bounds = await session.phoneBounds(phone).catch(() => null);
        if (!bounds || JSON.stringify(bounds) === JSON.stringify(windows[String(phone)])) continue;
        windows[String(phone)] = bounds;
        changed = true;
      }
    if (changed) this.options.settings.update({ windows });
  }
}
