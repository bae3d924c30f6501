import { describe, expect, it } from 'vitest';
import { PHONE_LIST_SHORTCUT, SCREENS } from './screens';

describe('the desktop screens', () => {
  it('gives each shortcut to one screen', () => {
    const shortcuts = [PHONE_LIST_SHORTCUT, ...SCREENS.flatMap((s) => (s.shortcut ? [s.shortcut] : []))];
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
  });
});
