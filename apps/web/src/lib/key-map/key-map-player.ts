import { controlKeys, KEY_HOLD_REFRESH_MS, type KeyMap, type KeyMapControl } from '@cloudphone/contracts/key-maps';
import { MAX_POINTER_ID, type ClientMessage, type TouchAction } from '@cloudphone/contracts/stream';

type Joystick = Extract<KeyMapControl, { kind: 'joystick' }>;
type Point = { x: number; y: number };

/**
 * How long a key's tap keeps its finger down: a game that reads touches once a frame misses a finger
 * down and up in the same instant.
 */
const TAP_MS = 40;

/** Which way each of a joystick's keys pushes. */
const DIRECTIONS = { up: [0, -1], left: [-1, 0], down: [0, 1], right: [1, 0] } as const;

/** A control pressed now: its pointer, where it is, and the timer that keeps it down or repeats it. */
interface Pressed {
  id: number;
  at: Point;
  timer: ReturnType<typeof setInterval>;
}

/**
 * Plays a key map (issue 65): keys pressed and let go become `touch` pointers, the phone's ordinary
 * input. A tap is a pointer down and, `TAP_MS` later, up; a hold keeps its pointer down while its key is; a repeat taps
 * `perSecond` times a second while held; a joystick pushes one pointer from its centre towards the
 * keys held, two of them a diagonal. A pointer held is sent again where it is every
 * `KEY_HOLD_REFRESH_MS`, so the host, which lets go of one left without a move, keeps it down.
 * Pointers are numbered from 1 (the mouse's gestures are not pointers). `liftAll` lets every one go:
 * focus lost or the window closed, no finger stays on the phone.
 */
export class KeyMapPlayer {
  private map: KeyMap | null = null;
  private readonly keysDown = new Set<string>();
  private readonly pressed = new Map<KeyMapControl, Pressed>();
  /** Taps whose finger is down now, by pointer: each lifted `TAP_MS` after it went down. */
  private readonly tapping = new Map<number, { at: Point; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly send: (message: ClientMessage) => void,
    /** The picture's width over its height as the user sees it: a joystick's reach is a share of its shorter side. */
    private readonly aspect: () => number,
    /** The map's own key was pressed: its labels are shown or hidden. */
    private readonly onToggle: () => void = () => undefined,
  ) {}

  /** Plays `map` from now on (null: none); whatever the old one held is let go. */
  setMap(map: KeyMap | null): void {
    this.liftAll();
    this.map = map;
  }

  /** A key went down (by its name, `keyNameOf`); true when the map took it (the page then keeps it from the phone). */
  keyDown(key: string): boolean {
    if (!this.map) return false;
    if (key === this.map.toggleKey) {
      if (!this.keysDown.has(key)) this.onToggle();
      this.keysDown.add(key);
      return true;
    }
    const controls = this.controlsOf(key);
    if (controls.length === 0) return false;
    // The system repeats a held key: it is still the one press.
    if (this.keysDown.has(key)) return true;
    this.keysDown.add(key);
    for (const control of controls) this.press(control);
    return true;
  }

  keyUp(key: string): boolean {
    if (!this.map || !this.keysDown.delete(key)) return false;
    for (const control of this.controlsOf(key)) this.release(control);
    return true;
  }

  /** Every key let go, every pointer of the map lifted. */
  liftAll(): void {
    this.keysDown.clear();
    for (const control of [...this.pressed.keys()]) this.lift(control);
    for (const id of [...this.tapping.keys()]) this.endTap(id);
  }

  private controlsOf(key: string): KeyMapControl[] {
    return (this.map?.controls ?? []).filter((c) => controlKeys(c).includes(key));
  }

  private press(control: KeyMapControl): void {
    if (control.kind === 'joystick') return this.steer(control);
    if (this.pressed.has(control)) return;
    const id = this.freePointer();
    if (id === null) return;
    const at = { x: control.x, y: control.y };
    if (control.kind === 'tap') return this.tap(id, at, TAP_MS);
    if (control.kind === 'hold') {
      this.touch('down', id, at);
      this.pressed.set(control, { id, at, timer: setInterval(() => this.touch('move', id, at), KEY_HOLD_REFRESH_MS) });
      return;
    }
    const period = 1000 / control.perSecond;
    const tap = () => this.tap(id, at, Math.min(TAP_MS, period / 2));
    tap();
    this.pressed.set(control, { id, at, timer: setInterval(tap, period) });
  }

  /** A finger down at `at`, up again `ms` later (or when everything is let go). */
  private tap(id: number, at: Point, ms: number): void {
    this.touch('down', id, at);
    this.tapping.set(id, { at, timer: setTimeout(() => this.endTap(id), ms) });
  }

  private endTap(id: number): void {
    const tap = this.tapping.get(id);
    if (!tap) return;
    clearTimeout(tap.timer);
    this.tapping.delete(id);
    this.touch('up', id, tap.at);
  }

  private release(control: KeyMapControl): void {
    if (control.kind === 'joystick') return this.steer(control);
    this.lift(control);
  }

  /** Puts the joystick's finger where the keys held push it: down when one is, moved as they change, up when none. */
  private steer(stick: Joystick): void {
    let [dx, dy] = [0, 0];
    for (const [name, key] of Object.entries(stick.keys) as [keyof typeof DIRECTIONS, string][])
      if (this.keysDown.has(key)) [dx, dy] = [dx + DIRECTIONS[name][0], dy + DIRECTIONS[name][1]];
    const length = Math.hypot(dx, dy);
    if (length === 0) return this.lift(stick);
    const aspect = this.aspect();
    // The radius is a share of the shorter side: across and down it is a share of each side.
    const [rx, ry] = aspect < 1 ? [stick.radius, stick.radius * aspect] : [stick.radius / aspect, stick.radius];
    const at = { x: stick.x + (dx / length) * rx, y: stick.y + (dy / length) * ry };
    const held = this.pressed.get(stick);
    if (held) {
      held.at = at;
      this.touch('move', held.id, at);
      return;
    }
    const id = this.freePointer();
    if (id === null) return;
    this.touch('down', id, { x: stick.x, y: stick.y });
    this.touch('move', id, at);
    const pressed: Pressed = {
      id,
      at,
      timer: setInterval(() => this.touch('move', id, pressed.at), KEY_HOLD_REFRESH_MS),
    };
    this.pressed.set(stick, pressed);
  }

  private lift(control: KeyMapControl): void {
    const held = this.pressed.get(control);
    if (!held) return;
    clearInterval(held.timer);
    this.pressed.delete(control);
    // A repeat's finger is up between its taps, or comes up with the one under way.
    if (control.kind === 'repeat') this.endTap(held.id);
    else this.touch('up', held.id, held.at);
  }

  private freePointer(): number | null {
    const used = new Set([...[...this.pressed.values()].map((p) => p.id), ...this.tapping.keys()]);
    for (let id = 1; id <= MAX_POINTER_ID; id++) if (!used.has(id)) return id;
    return null;
  }

  private touch(action: TouchAction, id: number, at: Point): void {
    this.send({ type: 'touch', action, id, x: clamp(at.x), y: clamp(at.y) });
  }
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
