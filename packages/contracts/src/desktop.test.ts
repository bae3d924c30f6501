import { describe, expect, it } from 'vitest';
import { DEFAULT_HOTKEYS, formatAccelerator, hotkeyRefusal, parseAccelerator } from './desktop';

describe('desktop hotkeys', () => {
  it('reads a hotkey with its modifiers in one order, and refuses one without a modifier or with an unknown key', () => {
    expect(parseAccelerator('Alt+Ctrl+b')).toEqual({ modifiers: ['Ctrl', 'Alt'], key: 'B' });
    expect(formatAccelerator(parseAccelerator('Shift+Meta+F12')!)).toBe('Shift+Meta+F12');
    expect(parseAccelerator('B')).toBeNull();
    expect(parseAccelerator('Ctrl+Hyper+B')).toBeNull();
    expect(parseAccelerator('Ctrl+PrintScreen')).toBeNull();
  });

  it('refuses a hotkey another action has, or one the system keeps, as a conflict (spec §5)', () => {
    expect(hotkeyRefusal('screenshot', 'Alt+Ctrl+B', DEFAULT_HOTKEYS, 'linux')).toBe('conflict');
    expect(hotkeyRefusal('boss', 'Alt+Tab', DEFAULT_HOTKEYS, 'windows')).toBe('conflict');
    expect(hotkeyRefusal('boss', 'Meta+Q', DEFAULT_HOTKEYS, 'macos')).toBe('conflict');
    expect(hotkeyRefusal('boss', 'Ctrl+Alt+B', DEFAULT_HOTKEYS, 'linux')).toBeNull();
    expect(hotkeyRefusal('boss', 'Ctrl+Shift+9', DEFAULT_HOTKEYS, 'linux')).toBeNull();
    expect(hotkeyRefusal('boss', 'Q', DEFAULT_HOTKEYS, 'linux')).toBe('invalid');
  });
});
