import type { PhoneKey } from '@cloudphone/contracts/stream';
import type { PhoneInput } from '../../../../../policy/phone-input';
import type { EmulatedPhone } from '../../emulated-phone';
import { fail, type ShellCommand } from '../shell-command';

/** The phone's keys by Android's key codes (KeyEvent): `input keyevent`'s, and scrcpy's keycode messages'. */
export const PHONE_KEY_OF_CODE: Record<number, PhoneKey> = {
  3: 'home',
  4: 'back',
  24: 'volume_up',
  25: 'volume_down',
  26: 'power',
  66: 'enter',
  67: 'backspace',
  187: 'recents',
  279: 'paste',
};
const KEY_CODES: Record<string, number> = {
  HOME: 3,
  BACK: 4,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  ENTER: 66,
  DEL: 67,
  APP_SWITCH: 187,
  PASTE: 279,
  SPACE: 62,
};
/** Keys that type a character: 0–9 are codes 7–16, A–Z 29–54, space 62. */
function typed(code: number): string | undefined {
  if (code >= 7 && code <= 16) return String(code - 7);
  if (code >= 29 && code <= 54) return String.fromCharCode(97 + code - 29);
  return code === 62 ? ' ' : undefined;
}

const SOURCES = new Set(['touchscreen', 'touchpad', 'keyboard', 'mouse', 'stylus', 'dpad', 'gamepad', 'trackball']);
const USAGE =
  'Usage: input [<source>] <command> [<arg>...]\n  tap <x> <y>\n  swipe <x1> <y1> <x2> <y2> [duration(ms)]\n  text <string>\n  keyevent <key code number or name> ...';

/**
 * `input tap | swipe | text | keyevent`: pixels of the phone's display (as its user sees it, turned or
 * not) become the fractions the phone's input path takes, so locks and sync apply as to a viewer's touch.
 */
export const input: ShellCommand = async (context) => {
  const args = SOURCES.has(context.args[0] ?? '') ? context.args.slice(1) : context.args;
  const [verb, ...rest] = args;
  const events = verb
    ? EVENTS[verb]?.(
        rest.filter((a) => !a.startsWith('--')),
        context.phone,
      )
    : undefined;
  if (!events) return fail(context, `Error: Unknown command: ${verb ?? ''}\n${USAGE}`);
  for (const event of events) {
    const refused = context.phone.input(event);
    if (refused) return fail(context, `Error: ${refused}`);
  }
  return 0;
};

type EventsOf = (args: string[], phone: EmulatedPhone) => PhoneInput[] | undefined;

const EVENTS: Record<string, EventsOf> = {
  tap: (args, phone) => {
    const [x, y] = pixels(args, 2);
    return x === undefined || y === undefined ? undefined : [{ type: 'tap', ...point(phone, x, y) }];
  },
  swipe: (args, phone) => {
    const [x1, y1, x2, y2, ms = 300] = pixels(args, 4);
    if (x1 === undefined || y1 === undefined || x2 === undefined || y2 === undefined) return undefined;
    const from = point(phone, x1, y1);
    const to = point(phone, x2, y2);
    // A swipe that stays put for a while is how adb scripts long-press.
    if (Math.hypot(to.x - from.x, to.y - from.y) < 0.01 && ms >= 500) return [{ type: 'longpress', ...from }];
    return [{ type: 'swipe', x1: from.x, y1: from.y, x2: to.x, y2: to.y, durationMs: Math.min(ms, 5000) }];
  },
  text: (args) => (args.length === 0 ? undefined : [{ type: 'text', text: args.join(' ').replace(/%s/g, ' ') }]),
  keyevent: (args) => {
    const events = args.map((arg): PhoneInput | undefined => {
      const code = /^\d+$/.test(arg) ? Number(arg) : KEY_CODES[arg.replace(/^KEYCODE_/, '')];
      const name = arg.replace(/^KEYCODE_/, '');
      const text = code === undefined ? (/^[A-Z0-9]$/.test(name) ? name.toLowerCase() : undefined) : typed(code);
      if (text !== undefined) return { type: 'text', text };
      const key = code === undefined ? undefined : PHONE_KEY_OF_CODE[code];
      return key ? { type: 'key', key } : undefined;
    });
    return args.length > 0 && events.every((e) => e !== undefined) ? (events as PhoneInput[]) : undefined;
  },
};

/** The first `count` numbers, and any after them; undefined where an argument is not a number. */
function pixels(args: string[], count: number): (number | undefined)[] {
  const numbers = args.map((a) => (/^-?\d+(\.\d+)?$/.test(a) ? Number(a) : undefined));
  return numbers.length >= count ? numbers : [...numbers, ...Array<undefined>(count - numbers.length)];
}

/** A point in pixels of the display as its user sees it, as fractions of the screen. */
function point(phone: EmulatedPhone, x: number, y: number): { x: number; y: number } {
  const { width, height } = seenSize(phone);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp(x / width), y: clamp(y / height) };
}

/** The display's pixels as its user sees them: turned, a landscape phone is wider than high. */
export function seenSize(phone: EmulatedPhone): { width: number; height: number } {
  const { width, height } = phone.state.display;
  return phone.phone.orientation === 'landscape' ? { width: height, height: width } : { width, height };
}
