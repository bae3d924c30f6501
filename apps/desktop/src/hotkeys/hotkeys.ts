import {
  HOTKEY_ACTIONS,
  parseAccelerator,
  type Accelerator,
  type HotkeyAction,
  type ParsedAccelerator,
} from '@cloudphone/contracts/desktop';

/**
 * Global hotkeys heard natively with `uiohook-napi` (DESIGN §9). The hook hears keys in every program
 * but takes none away, hence the reserved shortcuts in contracts. Without a display (a server, a CI
 * job) the hook would abort the whole process when started: the shell then goes on without hotkeys
 * and says so.
 */
export class Hotkeys {
  private bindings = new Map<string, HotkeyAction>();
  private started = false;

  constructor(private readonly onAction: (action: HotkeyAction) => void) {}

  /** Whether this machine can hear global keys at all. */
  static available(platform = process.platform, env = process.env): boolean {
    return platform !== 'linux' || Boolean(env.DISPLAY);
  }

  set(hotkeys: Readonly<Record<HotkeyAction, Accelerator>>): void {
    this.bindings = new Map();
    for (const action of HOTKEY_ACTIONS) {
      const parsed = parseAccelerator(hotkeys[action]);
      if (parsed) this.bindings.set(signature(parsed), action);
    }
  }

  /** Starts listening; false (and nothing started) where keys cannot be heard. */
  async start(): Promise<boolean> {
    if (this.started) return true;
    if (!Hotkeys.available()) return false;
    // Loaded only now: the native module must not start before the display is known to exist.
    const { uIOhook, UiohookKey } = await import('uiohook-napi');
    const names = new Map<number, string>(
      Object.entries(UiohookKey).map(([name, code]) => [code as number, name.length === 1 ? name.toUpperCase() : name]),
    );
    uIOhook.on('keydown', (event) => {
      const key = names.get(event.keycode);
      if (!key) return;
      const modifiers = [
        event.ctrlKey && 'Ctrl',
        event.altKey && 'Alt',
        event.shiftKey && 'Shift',
        event.metaKey && 'Meta',
      ].filter(Boolean) as ParsedAccelerator['modifiers'];
      const action = this.bindings.get(signature({ modifiers, key }));
      if (action) this.onAction(action);
    });
    uIOhook.start();
    this.started = true;
    return true;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    const { uIOhook } = await import('uiohook-napi');
    uIOhook.stop();
    this.started = false;
  }
}

const signature = ({ modifiers, key }: ParsedAccelerator) => [...modifiers].sort().join('+') + `+${key}`;
