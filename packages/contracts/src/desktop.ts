/**
 * The desktop client (issue 30; spec §1, §5): its hotkeys and the messages between the desktop UI and
 * the Node shell that hosts it. Zod-free: the desktop UI, the shell and the server read it.
 */

/** What a hotkey does. */
export const HOTKEY_ACTIONS = ['boss', 'screenshot', 'arrange', 'showAll'] as const;
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number];

/** A hotkey written as its modifiers and one key, e.g. `Ctrl+Alt+B` (modifiers in this order). */
export type Accelerator = string;

export const MODIFIERS = ['Ctrl', 'Alt', 'Shift', 'Meta'] as const;
export type Modifier = (typeof MODIFIERS)[number];

/** Keys a hotkey may end with: letters, digits, F1–F12 and a few named keys. */
export const HOTKEY_KEYS: readonly string[] = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
  'Space',
  'Escape',
  'Tab',
  'Backquote',
];

export const DEFAULT_HOTKEYS: Readonly<Record<HotkeyAction, Accelerator>> = {
  boss: 'Ctrl+Alt+B',
  screenshot: 'Ctrl+Alt+S',
  arrange: 'Ctrl+Alt+A',
  showAll: 'Ctrl+Alt+W',
};

/**
 * Shortcuts the operating systems keep for themselves: the hook hears them but cannot take them away
 * from the system, so a hotkey may not be one of them.
 */
export const RESERVED_SHORTCUTS: Readonly<Record<'windows' | 'macos' | 'linux', readonly Accelerator[]>> = {
  windows: [
    'Ctrl+Alt+Delete',
    'Alt+Tab',
    'Alt+F4',
    'Ctrl+Shift+Escape',
    'Meta+L',
    'Meta+D',
    'Meta+E',
    'Meta+R',
    'Meta+Tab',
  ],
  macos: ['Meta+Tab', 'Meta+Q', 'Meta+Space', 'Meta+H', 'Meta+M', 'Ctrl+Meta+Q', 'Meta+Shift+3', 'Meta+Shift+4'],
  linux: ['Alt+Tab', 'Alt+F4', 'Ctrl+Alt+Delete', 'Ctrl+Alt+T', 'Ctrl+Alt+L', 'Meta+L', 'Alt+F2'],
};

export interface ParsedAccelerator {
  modifiers: Modifier[];
  key: string;
}

/** `Ctrl+Alt+B` read, modifiers put in their order; null when it is not a hotkey we take. */
export function parseAccelerator(accelerator: Accelerator): ParsedAccelerator | null {
  const parts = accelerator.split('+').map((p) => p.trim());
  const key = parts.pop();
  if (!key || !HOTKEY_KEYS.includes(key.length === 1 ? key.toUpperCase() : key)) return null;
  const modifiers = MODIFIERS.filter((m) => parts.includes(m));
  // A hotkey needs a modifier (a bare letter would be typed into phones) and no word we do not know.
  if (modifiers.length === 0 || modifiers.length !== parts.length) return null;
  return { modifiers, key: key.length === 1 ? key.toUpperCase() : key };
}

export function formatAccelerator({ modifiers, key }: ParsedAccelerator): Accelerator {
  return [...MODIFIERS.filter((m) => modifiers.includes(m)), key].join('+');
}

/**
 * Why a hotkey cannot be set for `action`: `invalid`, or `conflict` when another of ours or one the
 * system keeps already has it ("Hotkey conflict: This hotkey is already occupied!", spec §5).
 */
export function hotkeyRefusal(
  action: HotkeyAction,
  accelerator: Accelerator,
  current: Readonly<Record<HotkeyAction, Accelerator>>,
  system: keyof typeof RESERVED_SHORTCUTS,
): 'invalid' | 'conflict' | null {
  const parsed = parseAccelerator(accelerator);
  if (!parsed) return 'invalid';
  const wanted = formatAccelerator(parsed);
  const same = (other: Accelerator) => {
    const p = parseAccelerator(other);
    return p !== null && formatAccelerator(p) === wanted;
  };
  if (RESERVED_SHORTCUTS[system].some(same)) return 'conflict';
  return HOTKEY_ACTIONS.some((other) => other !== action && same(current[other])) ? 'conflict' : null;
}

/** The systems whose reserved shortcuts we know. */
export type DesktopSystem = keyof typeof RESERVED_SHORTCUTS;

/** What the desktop UI asks of the shell (through its DevTools binding). */
export type UiToShell =
  | { type: 'hello' }
  | { type: 'openPhone'; userPhoneId: number }
  | { type: 'arrange'; rows: number; columns: number }
  /** Open these phones' windows and arrange them as square a grid as fits, the first top left (a sync session's main). */
  | { type: 'openTogether'; userPhoneIds: number[] }
  | { type: 'minimiseAll' }
  | { type: 'showAll' }
  | { type: 'setHotkey'; action: HotkeyAction; accelerator: Accelerator }
  | { type: 'openAccount'; account: string }
  | { type: 'forgetWindowPlaces' };

/** What the shell tells the desktop UI (a DOM event on its page). */
export type ShellToUi =
  | {
      type: 'state';
      version: string;
      system: DesktopSystem;
      hotkeys: Record<HotkeyAction, Accelerator>;
      /** Whether global hotkeys are heard (not without a display, for instance). */
      hotkeysHeard: boolean;
      account: string;
      accounts: string[];
      openPhones: number[];
    }
  | { type: 'hotkeyRefused'; action: HotkeyAction; accelerator: Accelerator; reason: 'invalid' | 'conflict' }
  | { type: 'arrangeRefused' }
  | { type: 'screenshot' };

/**
 * The desktop UI's screens beside the phone list (spec §2's desktop list, issue 31), by key: each is
 * its path segment (`/desktop/{key}/{clientNo}`) and its label's key under `desktop.menu`. Written only
 * here: the desktop UI's menu follows this order and draws each from its one entry by key, and the
 * desktop sweep opens each.
 */
export const DESKTOP_SCREENS = [
  'files',
  'sync',
  'transfer',
  'grants',
  'clone',
  'newMachine',
  'replacement',
  'clipboard',
  'buy',
  'renew',
  'upgrade',
  'orders',
  'codes',
  'coupons',
  'messages',
  'sdkGuide',
  'settings',
  'about',
] as const;
export type DesktopScreenKey = (typeof DESKTOP_SCREENS)[number];
