import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_HOTKEYS, type Accelerator, type HotkeyAction } from '@cloudphone/contracts/desktop';
import type { Bounds } from '../windows/arrange';
import { makePrivateFolder } from './private-folder';

export interface DesktopSettings {
  /** The Cloudphone server and the client the desktop opens. */
  server: string;
  clientNo: string;
  hotkeys: Record<HotkeyAction, Accelerator>;
  /** Where each phone's window was last left (settings: device window position and size). */
  windows: Record<string, Bounds>;
  /** Accounts, each in its own browser profile; the first opens at start. */
  accounts: string[];
}

/** The shell's own folder: profiles and settings (`CLOUDPHONE_DESKTOP_HOME` moves it, for tests). */
export function desktopHome(env = process.env, platform = process.platform): string {
  if (env.CLOUDPHONE_DESKTOP_HOME) return env.CLOUDPHONE_DESKTOP_HOME;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Cloudphone');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Cloudphone');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'cloudphone-desktop');
}

const DEFAULTS: DesktopSettings = {
  server: 'http://localhost:8080',
  clientNo: 'demo',
  hotkeys: { ...DEFAULT_HOTKEYS },
  windows: {},
  accounts: ['default'],
};

/** Settings kept as JSON in the shell's folder, written whole through a temporary file (a crash leaves the old). */
export class SettingsStore {
  private readonly file: string;
  private current: DesktopSettings;

  constructor(home: string) {
    // It holds every account's browser profile (cookies, login tokens).
    makePrivateFolder(home);
    this.file = join(home, 'settings.json');
    this.current = this.read();
  }

  get(): DesktopSettings {
    return this.current;
  }

  update(change: Partial<DesktopSettings>): DesktopSettings {
    this.current = { ...this.current, ...change };
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.current, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
    return this.current;
  }

  private read(): DesktopSettings {
    try {
      const stored = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<DesktopSettings>;
      return { ...DEFAULTS, ...stored, hotkeys: { ...DEFAULTS.hotkeys, ...stored.hotkeys } };
    } catch {
      return { ...DEFAULTS };
    }
  }
}
