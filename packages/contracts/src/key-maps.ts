import { z } from 'zod';
import { HOTKEY_KEYS, MODIFIERS } from './desktop';
import type { ErrorKey } from './errors';
import { POINTER_IDLE_RELEASE_MS } from './stream';

/**
 * Key maps (issue 65): keys of the computer that play a game in the desktop control window. A map is
 * a list of controls placed in fractions of the screen as the user sees it (0..1 across, 0..1 down),
 * so one map fits every resolution and rotation, as sync's input does. Each control drives `touch`
 * pointers — the phone's ordinary input — so locks, roles and sync replay apply unchanged.
 *
 * A map belongs to an account and an app's package; a merchant ships a default one with a game of
 * its channel, and a user who changes it keeps a copy of their own.
 */

/** Maps one account keeps at most, one per app package: a user plays a few games, never thousands. */
export const KEY_MAPS_PER_ACCOUNT = 100;
/** Controls one map holds at most: a pointer each is more than Android's ten fingers, never all down. */
export const KEY_MAP_MAX_CONTROLS = 24;
/** Taps a second a `repeat` control makes while its key is held, at least and at most. */
export const KEY_MAP_REPEAT_RATE = { min: 1, max: 20 } as const;
/** A joystick's radius, a share of the screen's shorter side: a thumb's reach, never the whole screen. */
export const KEY_MAP_JOYSTICK_RADIUS = { min: 0.03, max: 0.3 } as const;
/**
 * While a key is held its pointer is sent again where it is this often, so the host, which lets go
 * of a pointer left without a move for `POINTER_IDLE_RELEASE_MS`, keeps it down.
 */
export const KEY_HOLD_REFRESH_MS = POINTER_IDLE_RELEASE_MS / 2;
/** The key that shows and hides a new map's labels. */
export const DEFAULT_KEY_MAP_TOGGLE = 'Backquote';

/**
 * Keys the control window keeps for itself (Escape is the phone's Back, Tab moves the focus, Enter
 * and Backspace type on the phone), and the modifiers, which hotkeys begin with.
 */
export const KEY_MAP_RESERVED_KEYS: readonly string[] = ['Escape', 'Tab', 'Enter', 'Backspace', ...MODIFIERS];

/**
 * Keys a control may be bound to: a key name as the desktop's hotkeys spell it (letters, digits,
 * F-keys, Space, Backquote) and the arrows, without a modifier — the hotkeys' own rule that a bare
 * letter is never a hotkey, and the window playing bare keys only (no Shift either), mean a mapped key never
 * clashes with one.
 */
export const KEY_MAP_KEYS: readonly string[] = [
  ...HOTKEY_KEYS.filter((key) => !KEY_MAP_RESERVED_KEYS.includes(key)),
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
];

/**
 * The name of the key pressed, from its place on the keyboard (`code`), so layout and Shift do not change it:
 * `KeyW` is `W`, `Digit1` is `1`, `Space` stays `Space`. A reserved key is named too, so the editor can say why
 * it is refused; any other key has no name.
 */
export function keyNameOf(code: string): string | null {
  const name = code.replace(/^(Key|Digit)(?=.$)/, '');
  return KEY_MAP_KEYS.includes(name) || KEY_MAP_RESERVED_KEYS.includes(name) ? name : null;
}

/** A key as a label shows it: `W`, `Space`, `↑`, `` ` ``. */
export function keyLabel(key: string): string {
  return { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Backquote: '`' }[key] ?? key;
}

const place = { x: z.number(), y: z.number() };
const key = z.string().max(16);

export const keyMapControlSchema = z.discriminatedUnion('kind', [
  /** The key taps the spot. */
  z.object({ kind: z.literal('tap'), key, ...place }),
  /** The finger stays on the spot while the key is down. */
  z.object({ kind: z.literal('hold'), key, ...place }),
  /** While the key is down, `perSecond` taps a second on the spot. */
  z.object({ kind: z.literal('repeat'), key, ...place, perSecond: z.number() }),
  /**
   * Four keys push a finger from the centre (x, y) out to `radius` (a share of the screen's shorter
   * side): up, left, down, right, two at once a diagonal.
   */
  z.object({
    kind: z.literal('joystick'),
    keys: z.object({ up: key, left: key, down: key, right: key }),
    ...place,
    radius: z.number(),
  }),
]);
export type KeyMapControl = z.infer<typeof keyMapControlSchema>;
export type KeyMapControlKind = KeyMapControl['kind'];
export const KEY_MAP_CONTROL_KINDS = ['tap', 'hold', 'repeat', 'joystick'] as const satisfies KeyMapControlKind[];

/** A map as it is kept and sent; the sizes are checked against their rules by `keyMapRefusal`. */
export const keyMapSchema = z.object({
  /** The key that shows and hides the map's labels over the screen. */
  toggleKey: key,
  controls: z.array(keyMapControlSchema).max(200),
});
export type KeyMap = z.infer<typeof keyMapSchema>;

/** How far a control reaches from its place: a joystick its radius, the rest nowhere. */
export function controlReach(control: KeyMapControl): number {
  return control.kind === 'joystick' ? control.radius : 0;
}

/** The keys a control is pressed by. */
export function controlKeys(control: KeyMapControl): string[] {
  return control.kind === 'joystick' ? Object.values(control.keys) : [control.key];
}

export interface KeyMapRefusal {
  key: ErrorKey;
  args: (string | number)[];
}

/**
 * Why a map cannot be kept, or null: too many controls, a control reaching outside the screen, a key
 * that is not one, one the window keeps, or one bound twice. The server refuses with it; the editor
 * shows the same message before it is sent.
 */
export function keyMapRefusal(map: KeyMap): KeyMapRefusal | null {
  if (map.controls.length > KEY_MAP_MAX_CONTROLS) return { key: 'keyMapTooManyControls', args: [KEY_MAP_MAX_CONTROLS] };
  const bound = new Set<string>();
  for (const [index, control] of map.controls.entries()) {
    const reach = controlReach(control);
    const inside = (v: number) => Number.isFinite(v) && v - reach >= 0 && v + reach <= 1;
    if (!inside(control.x) || !inside(control.y)) return { key: 'keyMapOutsideScreen', args: [index + 1] };
    if (
      control.kind === 'joystick' &&
      (control.radius < KEY_MAP_JOYSTICK_RADIUS.min || control.radius > KEY_MAP_JOYSTICK_RADIUS.max)
    )
      return { key: 'keyMapControlInvalid', args: [index + 1] };
    if (
      control.kind === 'repeat' &&
      !(control.perSecond >= KEY_MAP_REPEAT_RATE.min && control.perSecond <= KEY_MAP_REPEAT_RATE.max)
    )
      return { key: 'keyMapControlInvalid', args: [index + 1] };
    for (const key of controlKeys(control)) {
      const refused = keyRefusal(key, bound);
      if (refused) return refused;
      bound.add(key);
    }
  }
  return keyRefusal(map.toggleKey, bound);
}

/** Why `key` cannot be bound where `bound` are already taken, or null. */
export function keyRefusal(key: string, bound: ReadonlySet<string>): KeyMapRefusal | null {
  if (!KEY_MAP_KEYS.includes(key)) return { key: 'keyMapKeyReserved', args: [keyLabel(key)] };
  if (bound.has(key)) return { key: 'keyMapKeyTaken', args: [keyLabel(key)] };
  return null;
}

/** Whose map the control window plays: the user's own, the merchant's default for the game, or none. */
export const KEY_MAP_SOURCES = ['own', 'default', 'none'] as const;
export type KeyMapSource = (typeof KEY_MAP_SOURCES)[number];

const packageName = z.string().trim().min(1).max(255);
export const keyMapQuery = z.object({ packageName });
export const keyMapBody = z.object({ packageName, keyMap: keyMapSchema });
export const keyMapReplySchema = z.object({ source: z.enum(KEY_MAP_SOURCES), keyMap: keyMapSchema.nullable() });
export type KeyMapReply = z.infer<typeof keyMapReplySchema>;

/** A game's default map in the console: null clears it. */
export const adminGameKeyMapQuery = z.object({
  clientId: z.coerce.number().int().positive().max(2_147_483_647),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const adminGameKeyMapBody = z.object({
  clientId: z.number().int().positive().max(2_147_483_647),
  id: z.number().int().positive().max(2_147_483_647),
  keyMap: keyMapSchema.nullable(),
});
