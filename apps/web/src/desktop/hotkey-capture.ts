import { formatAccelerator, MODIFIERS, parseAccelerator, type Accelerator } from '@cloudphone/contracts/desktop';

/** Names of keys that are not a letter, digit or F-key, as `KeyboardEvent.code` spells them. */
const NAMED: Record<string, string> = { Space: 'Space', Escape: 'Escape', Tab: 'Tab', Backquote: 'Backquote' };

/**
 * The hotkey a key press in the settings makes (`Ctrl+Alt+B`), or null while only modifiers are held.
 * Read from the key's place (`code`), so the keyboard layout and Shift do not change the letter.
 */
export function acceleratorOf(event: KeyboardEvent): Accelerator | null {
  const code = event.code;
  const key = code.startsWith('Key')
    ? code.slice(3)
    : code.startsWith('Digit')
      ? code.slice(5)
      : /^F\d{1,2}$/.test(code)
        ? code
        : NAMED[code];
  if (!key) return null;
  const held = { Ctrl: event.ctrlKey, Alt: event.altKey, Shift: event.shiftKey, Meta: event.metaKey };
  const accelerator = [...MODIFIERS.filter((m) => held[m]), key].join('+');
  const parsed = parseAccelerator(accelerator);
  return parsed ? formatAccelerator(parsed) : accelerator;
}
