import { describe, expect, it } from 'vitest';
import { keyNameOf } from './key-maps';

describe('key map keys', () => {
  it('names a key by its place on the keyboard, a reserved one too, and no key a map cannot take', () => {
    const names = ['KeyW', 'Digit1', 'F12', 'Space', 'Backquote', 'ArrowUp', 'Escape', 'Enter'].map(keyNameOf);
    expect(names).toEqual(['W', '1', 'F12', 'Space', 'Backquote', 'ArrowUp', 'Escape', 'Enter']);
    expect(['F13', 'ShiftLeft', 'ControlLeft', 'Minus', 'Numpad1', 'KeyAB'].map(keyNameOf)).toEqual(
      Array(6).fill(null),
    );
  });
});
