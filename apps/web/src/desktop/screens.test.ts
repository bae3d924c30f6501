import { describe, expect, it } from 'vitest';
import { DESKTOP_SCREENS } from '@cloudphone/contracts/desktop';
import { PHONE_LIST_SHORTCUT, SCREENS } from './screens';

describe('the desktop screens', () => {
  it('draws every screen the contracts name, once, in their order', () => {
    expect(SCREENS.map((s) => s.key)).toEqual([...DESKTOP_SCREENS]);
  });

  it('gives each shortcut to one screen', () => {
    const shortcuts = [PHONE_LIST_SHORTCUT, ...SCREENS.flatMap((s) => (s.shortcut ? [s.shortcut] : []))];
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
  });
});
