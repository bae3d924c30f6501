import type { Canvas } from '@napi-rs/canvas';
import { AndroidKeyCode, AndroidMotionEventAction } from '@yume-chan/scrcpy';
import { MOBILE_DEFAULT_LANGUAGE } from '@cloudphone/contracts/locale';
import type { Definition, PhoneKey, PhoneOrientation, PhoneStatus, TouchAction } from '@cloudphone/contracts/stream';
import {
  CapabilityMissing,
  type DrivenPhone,
  type EncodedScreen,
  type EncodedSound,
  type HostServices,
  type InstalledApp,
  type PhoneChange,
  type PhoneFacts,
  type StoredFile,
} from '../phone-driver';
import type { AndroidDevice } from './android-device';
import { DeviceFocus } from './device-focus';
import { SCRCPY_SOUND, ScrcpySound } from './scrcpy-sound';
import { ScrcpyScreen } from './scrcpy-link';

/** Our keys as Android's key codes (KeyEvent). */
const KEY_CODES: Record<PhoneKey, AndroidKeyCode> = {
  back: AndroidKeyCode.AndroidBack,
  home: AndroidKeyCode.AndroidHome,
  recents: AndroidKeyCode.AndroidAppSwitch,
  volume_up: AndroidKeyCode.VolumeUp,
  volume_down: AndroidKeyCode.VolumeDown,
  power: AndroidKeyCode.Power,
  enter: AndroidKeyCode.Enter,
  backspace: AndroidKeyCode.Backspace,
  paste: AndroidKeyCode.AndroidPaste,
};
const MOTION = {
  down: AndroidMotionEventAction.Down,
  move: AndroidMotionEventAction.Move,
  up: AndroidMotionEventAction.Up,
};
/** scrcpy's pointer id for a mouse (-1): taps and swipes are one finger, as a mouse's. */
const MOUSE_POINTER = 0xffff_ffff_ffff_ffffn;
/** How long a long press holds, and how long a swipe takes (Android's long-press timeout is 400–500 ms). */
const LONG_PRESS_MS = 600;
const SWIPE_STEPS = 8;
const SWIPE_MS = 200;

/**
 * A phone on a real Android device (issues 60, 61): its screen is the device's own H.264 from scrcpy,
 * passed through; input, keys, text and the clipboard go to the device's control server; its apps and
 * files are the device's (`AndroidStorage`). It is never drawn on the host: `render` refuses.
 */
export class AndroidPhone implements DrivenPhone {
  readonly screenEncodedOnly = true;
  readonly encodedRungs = 'each' as const;
  private readonly listeners = new Set<(change: PhoneChange) => void>();
  private orientationNow: PhoneOrientation = 'portrait';
  /** Whether a text field has focus and which app is in front, asked of the device while the phone is watched. */
  private readonly focus: DeviceFocus;

  constructor(
    readonly instanceNo: string,
    readonly device: AndroidDevice,
    private readonly now: () => number,
    /** The host's files by hash: a push's copy, written to the device. */
    private readonly blobs: Pick<HostServices['blobs'], 'pathOf'>,
  ) {
    this.focus = new DeviceFocus(device, () => this.tell({ type: 'changed' }));
  }

  status(): PhoneStatus {
    if (this.device.restarting) return 'restarting';
    return this.device.online ? 'online' : 'offline';
  }

  /** What the device said of itself; before it ever answered, only its serial is known. */
  facts(): PhoneFacts {
    return this.device.facts ?? unknownDevice(this.device.serial);
  }

  subscribe(listener: (change: PhoneChange) => void): () => void {
    this.listeners.add(listener);
    this.focus.watch();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.focus.stop();
    };
  }

  /** The device changed: its watchers hear it (a clipboard it copied, or that it came or went). */
  tell(change: PhoneChange): void {
    for (const listener of this.listeners) listener(change);
  }

  get orientation(): PhoneOrientation {
    return this.orientationNow;
  }

  get clipboard(): string {
    return this.device.clipboard;
  }

  // — the screen: the device's own stream; nothing is drawn here
  frameKey(): string {
    return this.status();
  }

  pictureSize(width: number): { width: number; height: number } {
    const { width: w, height: h } = this.device.facts?.display ?? { width: 720, height: 1280 };
    return { width, height: Math.round((width * h) / w / 2) * 2 };
  }

  render(): Canvas {
    throw new CapabilityMissing('screen');
  }

  /** The device's own `screencap -p`: a PNG at its full size. */
  async screenshotPng(): Promise<Buffer> {
    const adb = this.device.adb;
    if (!adb || !this.device.online) throw new CapabilityMissing('screen');
    return Buffer.from(await adb.subprocess.noneProtocol.spawnWait(['screencap', '-p']));
  }

  textFieldFocused(): boolean {
    return this.focus.textField;
  }

  foregroundPackage(): string | null {
    return this.focus.foreground;
  }

  encodedScreen(definition: Definition): EncodedScreen {
    const adb = this.device.adb;
    if (!adb || !this.device.facts) throw new CapabilityMissing('screen');
    return new ScrcpyScreen(adb, definition, this.device.facts.display, this.now, () => undefined);
  }

  readonly soundFormat = SCRCPY_SOUND;

  encodedSound(): EncodedSound {
    return new ScrcpySound(this.device.adb, this.now);
  }

  // — input, in fractions of the screen as its user sees it
  touch(action: TouchAction, id: number, x: number, y: number): void {
    this.inject(MOTION[action], BigInt(id), x, y);
  }

  tap(x: number, y: number): void {
    this.inject(MOTION.down, MOUSE_POINTER, x, y);
    this.inject(MOTION.up, MOUSE_POINTER, x, y);
  }

  longPress(x: number, y: number): void {
    this.inject(MOTION.down, MOUSE_POINTER, x, y);
    setTimeout(() => this.inject(MOTION.up, MOUSE_POINTER, x, y), LONG_PRESS_MS).unref();
  }

  swipe(y1: number, y2: number): void {
    this.inject(MOTION.down, MOUSE_POINTER, 0.5, y1);
    for (let step = 1; step <= SWIPE_STEPS; step++) {
      const y = y1 + ((y2 - y1) * step) / SWIPE_STEPS;
      const action = step === SWIPE_STEPS ? MOTION.up : MOTION.move;
      setTimeout(() => this.inject(action, MOUSE_POINTER, 0.5, y), (SWIPE_MS * step) / SWIPE_STEPS).unref();
    }
  }

  scroll(dy: number): void {
    const size = this.pixels();
    this.device.send((c) =>
      c.injectScroll({
        pointerX: Math.round(size.width / 2),
        pointerY: Math.round(size.height / 2),
        videoWidth: size.width,
        videoHeight: size.height,
        scrollX: 0,
        scrollY: -dy,
        buttons: 0,
      }),
    );
  }

  typeText(text: string): void {
    this.device.send((c) => c.injectText(text));
  }

  key(key: PhoneKey): void {
    this.device.key(KEY_CODES[key]);
  }

  rotate(orientation: PhoneOrientation): void {
    if (orientation === this.orientationNow) return;
    this.orientationNow = orientation;
    this.device.send((c) => c.rotateDevice());
  }

  setClipboard(text: string): void {
    this.device.clipboard = text;
    this.device.send((c) => c.setClipboard({ sequence: 0n, paste: false, content: text }));
    this.tell({ type: 'clipboard', text });
  }

  // — storage and apps: the device's own (issue 61)
  usedBytes(): number {
    return this.device.storage.usedBytes;
  }

  files(): readonly StoredFile[] {
    return this.device.storage.files;
  }

  /** Writes the host's copy of the file (its blob) to the device's `/sdcard`. */
  async placeFile(file: StoredFile): Promise<void> {
    const path = file.sha256 && this.blobs.pathOf(file.sha256);
    if (!path) throw new Error(`no copy of ${file.name} on the host`);
    await this.device.storage.place(file, path);
  }

  install(file: string, size: number, onProgress?: (progress: number) => void): Promise<InstalledApp> {
    return this.device.storage.install(file, size, onProgress);
  }

  uninstall(packageName: string): Promise<boolean> {
    return this.device.storage.uninstall(packageName);
  }

  /** Starts the app through scrcpy (`START_APP`): false when the device has no such package of its user's. */
  openApp(packageName: string): boolean {
    if (!this.installed(packageName)) return false;
    this.device.send((c) => c.startApp(packageName));
    return true;
  }

  closeApp(packageName: string): boolean {
    if (!this.installed(packageName)) return false;
    void this.device.adb?.subprocess.noneProtocol.spawnWaitText(['am', 'force-stop', packageName]).catch(() => '');
    return true;
  }

  private installed(packageName: string): boolean {
    return this.device.storage.apps.some((app) => app.packageName === packageName);
  }

  /** The device's screen in pixels: a touch names its point in them, and the size it was seen at. */
  private pixels(): { width: number; height: number } {
    const { width, height } = this.device.facts?.display ?? { width: 720, height: 1280 };
    return this.orientationNow === 'landscape' ? { width: height, height: width } : { width, height };
  }

  private inject(action: number, pointerId: bigint, x: number, y: number): void {
    const size = this.pixels();
    this.device.send((c) =>
      c.injectTouch({
        action: action as 0,
        pointerId,
        pointerX: Math.round(x * size.width),
        pointerY: Math.round(y * size.height),
        videoWidth: size.width,
        videoHeight: size.height,
        pressure: action === MOTION.up ? 0 : 1,
        actionButton: 0,
        buttons: 0,
      }),
    );
  }
}

/** A device that has not answered since the host started: nothing but its serial to tell. */
function unknownDevice(serial: string): PhoneFacts {
  const identity = {
    brand: '',
    manufacturer: '',
    model: '',
    name: '',
    android: '',
    imei: '',
    serial,
    androidId: serial,
  };
  return { identity, display: { width: 720, height: 1280, dpi: 320 }, root: false, language: MOBILE_DEFAULT_LANGUAGE };
}
