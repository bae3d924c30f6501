import { closePackage, foregroundOf, openPackage, uninstallPackage } from './phone-apps';
import type { Canvas } from '@napi-rs/canvas';
import type { PhoneKey, PhoneStatus, TouchAction } from '@cloudphone/contracts/stream';
import type { Clock } from '../../clock';
import type { DrivenPhone, InstalledApp, PhoneFacts, StoredFile } from '../phone-driver';
import { LOGICAL_WIDTH, type HitTarget } from './painter';
import { installPackage } from './app-install';
import { Fingers } from './fingers';
import { DEFAULT_VOLUME, VirtualSpeaker } from './phone-sounds';
import { goldOf, MINE_GOLD } from './screens/game';
import { statusOf, storageUsed, type AppId, type PhoneState } from './phone-state';
import type { PhoneOrientation } from '@cloudphone/contracts/stream';
import { drawPhone, layoutSize, logicalHeight, panelCanvas } from './renderer';
import { isLiveScreen } from './screens/index';
import type { ScreenContext } from './screens/screen';

export type PhoneEvent = { type: 'changed' } | { type: 'clipboard'; text: string };

/**
 * One running virtual phone: its state, the picture of its screen, and what input does to it.
 * Every change bumps `version`, is saved, and is told to the phone's viewers.
 */
export class VirtualPhone implements DrivenPhone {
  version = 0;
  private readonly listeners = new Set<(event: PhoneEvent) => void>();
  /** The tap targets of the last picture, and the version and status it was drawn for. */
  private layout: { key: string; targets: HitTarget[] } | null = null;
  /**
   * How far each screen is scrolled (logical px; Infinity: to the end, where Notes' caret is), and how
   * far the last picture could scroll. Not saved: after a restart screens start at the top.
   */
  private readonly scrollOffsets = new Map<AppId, number>();
  private maxScroll = 0;
  /** The fingers down now: a lifted one lands as a tap, a long press or a swipe. */
  private readonly fingers = new Fingers({
    tap: (x, y) => this.tap(x, y),
    longPress: (x, y) => this.longPress(x, y),
    swipe: (y1, y2) => this.swipe(y1, y2),
  });
  /** Its sound (issue 59): clicks, coins, at its own volume. */
  private readonly speaker = new VirtualSpeaker({
    now: () => this.clock.now(),
    volume: () => this.state.volume ?? DEFAULT_VOLUME,
    setVolume: (volume) => this.save(Object.assign(this.state, { volume })),
    goldOnScreen: () => (this.top() === 'game' ? goldOf(this.state, this.clock.now()) : undefined),
  });
  readonly onSound = (listener: (samples: Int16Array, capturedAt: number) => void) => this.speaker.listen(listener);

  constructor(
    public state: PhoneState,
    private readonly clock: Clock,
    private readonly save: (state: PhoneState) => void,
    /** How long installing an app takes. */
    private readonly installMs = 1_500,
  ) {}

  get instanceNo(): string {
    return this.state.instanceNo;
  }

  status(now = this.clock.now()): PhoneStatus {
    return statusOf(this.state, now);
  }

  facts(): PhoneFacts {
    const { identity, display, root, language } = this.state;
    return { identity, display, root, language };
  }

  // — storage: files pushed and apps installed share it

  usedBytes(): number {
    return storageUsed(this.state);
  }

  files(): readonly StoredFile[] {
    return this.state.files;
  }

  placeFile(file: StoredFile): void {
    this.update((s) => (s.files = [...s.files.filter((f) => f.name !== file.name), file]));
  }

  /** Installs the package in `file`, as long as an install takes on a handset (`installPackage`). */
  install(file: string, size: number, onProgress?: (progress: number) => void): Promise<InstalledApp> {
    return installPackage(this, file, size, { installMs: this.installMs, now: () => this.clock.now(), onProgress });
  }

  // — apps by package (adb's am and pm, issue 53): phone-apps.ts
  readonly uninstall = (packageName: string): boolean => uninstallPackage(this, packageName);
  readonly openApp = (packageName: string): boolean => openPackage(this, packageName);
  readonly closeApp = (packageName: string): boolean => closePackage(this, packageName);
  readonly foregroundPackage = (): string | null => (this.status() === 'online' ? foregroundOf(this.state) : null);

  /** Changes whenever the picture would: a state change, a status change, or the clock of a live screen. */
  frameKey(now = this.clock.now()): string {
    const status = this.status(now);
    const top = this.state.screenStack.at(-1) ?? 'launcher';
    const bucket = status === 'online' && !isLiveScreen(top) ? Math.floor(now / 60_000) : Math.floor(now / 1000);
    return `${this.version}|${status}|${bucket}`;
  }

  /**
   * The panel's picture at `width` pixels wide (height follows the phone's aspect ratio, rounded to
   * even) — what the stream encodes: a landscape screen lies on its side in it. `upright` draws the
   * screen as its user sees it instead (previews, screenshots).
   */
  render(width: number, upright = false, reuse?: Canvas): Canvas {
    const wanted = this.scrollOffsets.get(this.top()) ?? 0;
    const offset = Math.min(wanted, this.maxScroll);
    const canvas = this.draw(width, offset, upright, reuse);
    // How far a screen can scroll is known once it is drawn: when the guess was stale, draw again.
    if (Math.min(wanted, this.maxScroll) === offset) return canvas;
    return this.draw(width, Math.min(wanted, this.maxScroll), upright, canvas);
  }

  /**
   * The size of the stream's picture at `width` pixels wide (the panel, which stays portrait when the
   * display turns): what an encoder for this phone is started for, known without drawing.
   */
  pictureSize(width: number): { width: number; height: number } {
    const scale = width / LOGICAL_WIDTH;
    return { width, height: Math.round((logicalHeight(this.state) * scale) / 2) * 2 };
  }

  screenshotPng(): Buffer {
    return this.render(this.state.display.width, true).encodeSync('png');
  }

  subscribe(listener: (event: PhoneEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // — input (ignored unless the phone is online)

  tap(x: number, y: number): void {
    if (this.status() !== 'online') return;
    // Input is in the picture as the user sees it, so in the layout's own (possibly turned) units.
    const size = layoutSize(this.state);
    const lx = x * size.width;
    const ly = y * size.height;
    const target = [...this.targets()]
      .reverse()
      .find((t) => lx >= t.x && lx <= t.x + t.w && ly >= t.y && ly <= t.y + t.h);
    target?.action();
  }

  /** No screen has a long-press menu yet: a long press on a control acts as a tap. */
  longPress(x: number, y: number): void {
    this.tap(x, y);
  }

  /** A swipe up from the bottom edge goes home, as on Android's gesture navigation; any other swipe scrolls. */
  swipe(y1: number, y2: number): void {
    if (this.status() !== 'online') return;
    if (y1 > 0.9 && y1 - y2 > 0.2) this.open('launcher');
    else this.scroll(y1 - y2);
  }

  /** Scrolls the screen on top by `dy` of the screen's height; positive moves further down its content. */
  scroll(dy: number): void {
    if (this.status() !== 'online') return;
    this.targets(); // how far the picture as it is now can scroll
    const app = this.top();
    const from = Math.min(this.scrollOffsets.get(app) ?? 0, this.maxScroll);
    const to = Math.min(this.maxScroll, Math.max(0, from + dy * layoutSize(this.state).height));
    if (to === from) return;
    this.scrollOffsets.set(app, to);
    this.changed();
  }

  /** A finger (issue 50): down, move and up of pointer `id`, several at once (`Fingers`). */
  touch(action: TouchAction, id: number, x: number, y: number): void {
    if (this.status() !== 'online') return this.fingers.liftAll();
    this.fingers.touch(action, id, x, y, this.clock.now());
    if (this.top() === 'game') this.changed(); // its pad's knob is drawn under the finger
  }

  /** The pointers down now, by id. */
  pointersDown(): number[] {
    return this.fingers.down();
  }

  /** Whether a text field has focus (Notes' field, while Notes is open): the viewer then shows its keyboard. */
  textFieldFocused(): boolean {
    return this.status() === 'online' && this.top() === 'notes';
  }

  typeText(text: string): void {
    if (this.status() !== 'online' || this.top() !== 'notes') return;
    this.speaker.play('click');
    this.editNotes((s) => (s.notes += text));
  }

  key(key: PhoneKey): void {
    if (this.status() !== 'online') return;
    if (key === 'volume_up' || key === 'volume_down') return this.speaker.stepVolume(key === 'volume_up' ? 1 : -1);
    if (key === 'back' || key === 'home' || key === 'recents') this.speaker.play('click');
    if (key === 'back') this.back();
    else if (key === 'home' || key === 'recents') this.open('launcher');
    else if (key === 'enter') this.typeText('\n');
    else if (key === 'backspace' && this.top() === 'notes')
      this.editNotes((s) => (s.notes = [...s.notes].slice(0, -1).join('')));
    else if (key === 'paste') this.pasteIntoNotes();
  }

  get orientation(): PhoneOrientation {
    return this.state.orientation ?? 'portrait';
  }

  /** Turns the display; apps lay out again for it (nothing happens while the phone is not online). */
  rotate(orientation: PhoneOrientation): void {
    if (this.status() !== 'online' || orientation === this.orientation) return;
    this.scrollOffsets.clear();
    this.update((s) => (s.orientation = orientation));
  }

  setClipboard(text: string): void {
    this.update((s) => (s.clipboard = text));
    for (const listener of this.listeners) listener({ type: 'clipboard', text });
  }

  get clipboard(): string {
    return this.state.clipboard;
  }

  /** Applies a change to the state, then saves and tells the viewers. */
  update(change: (state: PhoneState) => void): void {
    change(this.state);
    this.save(this.state);
    this.changed();
  }

  open(app: AppId): void {
    this.scrollOffsets.delete(app);
    this.update((s) => {
      if (app === 'launcher') s.screenStack = ['launcher'];
      else if (s.screenStack.at(-1) !== app) s.screenStack.push(app);
      if (app.startsWith('app:')) s.appOpenedAt = this.clock.now();
    });
  }

  back(): void {
    if (this.state.screenStack.length > 1) this.update((s) => void s.screenStack.pop());
  }

  private top(): AppId {
    return this.state.screenStack.at(-1) ?? 'launcher';
  }

  private pasteIntoNotes(): void {
    if (this.top() === 'notes' && this.state.clipboard) this.editNotes((s) => (s.notes += s.clipboard));
  }

  /** A change to the note's text; Notes then shows its end, where the caret is. */
  private editNotes(change: (state: PhoneState) => void): void {
    this.scrollOffsets.set('notes', Infinity);
    this.update(change);
  }

  /** The picture changed: a new version for the viewers. */
  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener({ type: 'changed' });
  }

  /** `reuse`: a canvas of the right size to draw on again (`panelCanvas`). */
  private draw(width: number, scrollOffset: number, upright: boolean, reuse?: Canvas): Canvas {
    const turned = this.orientation === 'landscape';
    const { canvas, ctx } = panelCanvas(this.pictureSize(width), turned, upright, reuse);
    const { targets, maxScroll } = drawPhone(ctx, this.screenContext(), this.status(), scrollOffset);
    this.layout = { key: this.layoutKey(), targets };
    this.maxScroll = maxScroll;
    return canvas;
  }

  private layoutKey(): string {
    return `${this.version}|${this.status()}`;
  }

  private targets(): HitTarget[] {
    if (this.layout?.key !== this.layoutKey()) this.render(LOGICAL_WIDTH);
    return this.layout?.targets ?? [];
  }

  private screenContext(): ScreenContext {
    return {
      state: this.state,
      now: this.clock.now(),
      open: (app) => this.open(app),
      back: () => this.back(),
      setClipboard: (text) => this.setClipboard(text),
      pasteIntoNotes: () => this.pasteIntoNotes(),
      setLanguage: (language) => this.update((s) => (s.language = language)),
      fingers: this.fingers.positions(),
      mine: () => this.update((s) => (s.gameMined = (s.gameMined ?? 0) + MINE_GOLD)),
    };
  }
}
