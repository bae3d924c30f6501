import {
  controlKeys,
  controlReach,
  DEFAULT_KEY_MAP_TOGGLE,
  KEY_MAP_JOYSTICK_RADIUS,
  KEY_MAP_KEYS,
  keyRefusal,
  type KeyMap,
  type KeyMapControl,
  type KeyMapControlKind,
  type KeyMapRefusal,
} from '@cloudphone/contracts/key-maps';

export type JoystickDirection = 'up' | 'left' | 'down' | 'right';
/** Where a key is bound: a control's key (one of a joystick's four), or the map's own. */
export type KeySlot = { control: number; direction?: JoystickDirection } | 'toggle';

/** Keys a new control is given first, the way games are played: under the right hand, then the rest. */
const PREFERRED = ['J', 'K', 'L', 'U', 'I', 'O', 'H', 'N', 'M', 'Space', 'Q', 'E', 'R', 'F', 'G', 'Z', 'X', 'C', 'V'];
const STICKS = [
  { up: 'W', left: 'A', down: 'S', right: 'D' },
  { up: 'ArrowUp', left: 'ArrowLeft', down: 'ArrowDown', right: 'ArrowRight' },
];

export const EMPTY_KEY_MAP: KeyMap = { toggleKey: DEFAULT_KEY_MAP_TOGGLE, controls: [] };

/** Every key the map binds, its own key included. */
function boundKeys(map: KeyMap): Set<string> {
  return new Set([...map.controls.flatMap(controlKeys), map.toggleKey]);
}

/** What a palette's control carries while it is dragged onto the screen. */
export const CONTROL_DRAG_TYPE = 'application/x-cloudphone-key-map-control';

/**
 * A new control of `kind` where it was dropped (else where thumbs play: a joystick low on the left, a
 * button down the middle, each new one a step lower), bound to a key no other control has (WASD or the
 * arrows for a joystick), so it works the moment it is placed; the user may bind another.
 */
export function newControl(map: KeyMap, kind: KeyMapControlKind, dropped?: { x: number; y: number }): KeyMapControl {
  const bound = boundKeys(map);
  const step = (map.controls.length % 6) * 0.05;
  const at = dropped ?? (kind === 'joystick' ? { x: 0.25, y: 0.7 + step / 2 } : { x: 0.5 + step, y: 0.45 + step });
  if (kind === 'joystick') {
    const keys = STICKS.find((s) => Object.values(s).every((k) => !bound.has(k))) ?? STICKS[0]!;
    return movedControl({ kind, keys, x: at.x, y: at.y, radius: 0.1 }, at);
  }
  const key = [...PREFERRED, ...KEY_MAP_KEYS].find((k) => !bound.has(k)) ?? 'J';
  const place = { key, x: at.x, y: at.y };
  return movedControl(kind === 'repeat' ? { kind, ...place, perSecond: 8 } : { kind, ...place }, at);
}

/** The control moved to `at`, kept on the screen (a joystick's whole reach with it). */
export function movedControl(control: KeyMapControl, at: { x: number; y: number }): KeyMapControl {
  const reach = controlReach(control);
  const inside = (v: number) => Math.round(Math.min(1 - reach, Math.max(reach, v)) * 1000) / 1000;
  return { ...control, x: inside(at.x), y: inside(at.y) };
}

/** The joystick resized, its centre moved in as far as its new reach needs. */
export function resizedJoystick(control: KeyMapControl, radius: number): KeyMapControl {
  if (control.kind !== 'joystick') return control;
  const r = Math.min(KEY_MAP_JOYSTICK_RADIUS.max, Math.max(KEY_MAP_JOYSTICK_RADIUS.min, radius));
  return movedControl({ ...control, radius: r }, control);
}

/** The map with its control `index` replaced by `control`. */
export function withControl(map: KeyMap, index: number, control: KeyMapControl): KeyMap {
  return { ...map, controls: map.controls.map((c, i) => (i === index ? control : c)) };
}

/** The key bound at `slot` now. */
function keyAt(map: KeyMap, slot: KeySlot): string | undefined {
  if (slot === 'toggle') return map.toggleKey;
  const control = map.controls[slot.control];
  return control?.kind === 'joystick' ? control.keys[slot.direction ?? 'up'] : control?.key;
}

/**
 * The map with `key` bound at `slot`, or why it cannot be (`keyRefusal`: a key the window keeps, or one
 * another slot has). Pressing the key a slot has already changes nothing.
 */
export function withKey(map: KeyMap, slot: KeySlot, key: string): { map: KeyMap } | { refused: KeyMapRefusal } {
  const current = keyAt(map, slot);
  if (key === current) return { map };
  const others = boundKeys(map);
  if (current !== undefined) others.delete(current);
  const refused = keyRefusal(key, others);
  if (refused) return { refused };
  if (slot === 'toggle') return { map: { ...map, toggleKey: key } };
  const control = map.controls[slot.control];
  if (!control) return { map };
  const bound =
    control.kind === 'joystick'
      ? { ...control, keys: { ...control.keys, [slot.direction ?? 'up']: key } }
      : { ...control, key };
  return { map: withControl(map, slot.control, bound) };
}
