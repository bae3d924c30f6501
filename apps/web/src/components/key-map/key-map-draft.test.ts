import { describe, expect, it } from 'vitest';
import { keyMapRefusal } from '@cloudphone/contracts/key-maps';
import { EMPTY_KEY_MAP, movedControl, newControl, resizedJoystick, withKey } from './key-map-draft';

describe('drafting a key map (issue 65)', () => {
  it('gives each new control a key of its own, so the map stays one the server keeps', () => {
    let map = EMPTY_KEY_MAP;
    for (const kind of ['tap', 'tap', 'joystick', 'repeat', 'joystick', 'hold'] as const)
      map = { ...map, controls: [...map.controls, newControl(map, kind)] };
    expect(keyMapRefusal(map)).toBeNull();
    expect(map.controls[2]).toMatchObject({ keys: { up: 'W', left: 'A', down: 'S', right: 'D' } });
    expect(map.controls[4]).toMatchObject({ keys: { up: 'ArrowUp' } });
  });

  it('keeps a dragged or resized joystick’s whole reach on the screen', () => {
    const stick = newControl(EMPTY_KEY_MAP, 'joystick');
    expect(movedControl(stick, { x: 0, y: 1 })).toMatchObject({ x: 0.1, y: 0.9 });
    expect(resizedJoystick(movedControl(stick, { x: 0, y: 0.5 }), 0.3)).toMatchObject({ x: 0.3, radius: 0.3 });
    expect(movedControl(newControl(EMPTY_KEY_MAP, 'tap'), { x: 1.4, y: -1 })).toMatchObject({ x: 1, y: 0 });
  });

  it('binds a key where no other slot has it, and says why not where one does or the window keeps it', () => {
    const tap = newControl(EMPTY_KEY_MAP, 'tap');
    const map = { ...EMPTY_KEY_MAP, controls: [tap, newControl({ ...EMPTY_KEY_MAP, controls: [tap] }, 'joystick')] };
    expect(withKey(map, { control: 1, direction: 'up' }, 'W')).toEqual({ map });
    expect(withKey(map, { control: 1, direction: 'up' }, 'A')).toEqual({
      refused: { key: 'keyMapKeyTaken', args: ['A'] },
    });
    expect(withKey(map, { control: 0 }, 'Escape')).toEqual({ refused: { key: 'keyMapKeyReserved', args: ['Escape'] } });
    expect(withKey(map, 'toggle', tap.kind === 'tap' ? tap.key : '')).toMatchObject({
      refused: { key: 'keyMapKeyTaken' },
    });
    const rebound = withKey(map, { control: 1, direction: 'up' }, 'T');
    expect(rebound).toMatchObject({ map: { controls: [tap, { keys: { up: 'T', left: 'A' } }] } });
    expect(withKey(map, 'toggle', 'F2')).toMatchObject({ map: { toggleKey: 'F2' } });
  });
});
