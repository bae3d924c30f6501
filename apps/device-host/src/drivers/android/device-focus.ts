import type { AndroidDevice } from './android-device';

/** How often a watched device is asked whether its soft keyboard is up. */
const FOCUS_POLL_MS = 500;
/** And every this many of those, which app is in front (a window dump costs the device more). */
const FOREGROUND_EVERY = 4;

/**
 * What scrcpy does not say of a device, asked of it while its phone is watched: whether a text field
 * has focus (the viewer raises its keyboard) and which app is in front (the viewer plays its key map,
 * issue 65). One read at a time; `changed` hears when either moves.
 */
export class DeviceFocus {
  textField = false;
  foreground: string | null = null;
  /** What the last read of the app in front said. */
  private lastSeen: string | null = null;
  private reading = false;
  private polls = 0;
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly device: Pick<AndroidDevice, 'keyboardShown' | 'foregroundPackage'>,
    private readonly changed: () => void,
  ) {}

  /** Asks the device from now on, until `stop`. */
  watch(): void {
    this.poll ??= setInterval(() => void this.read(), FOCUS_POLL_MS).unref();
  }

  stop(): void {
    clearInterval(this.poll);
    this.poll = undefined;
  }

  private async read(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    const askForeground = this.polls++ % FOREGROUND_EVERY === 0;
    const [textField, seen] = await Promise.all([
      this.device.keyboardShown(),
      askForeground ? this.device.foregroundPackage() : undefined,
    ]).finally(() => (this.reading = false));
    // While one app hands over to another no window has focus: only a second read of none is no app.
    const foreground =
      seen === undefined ? this.foreground : (seen ?? (this.lastSeen === null ? null : this.foreground));
    if (seen !== undefined) this.lastSeen = seen;
    if (textField === this.textField && foreground === this.foreground) return;
    this.textField = textField;
    this.foreground = foreground;
    this.changed();
  }
}
