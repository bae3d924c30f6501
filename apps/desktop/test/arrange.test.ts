import { describe, expect, it } from 'vitest';
import { arrange } from '../src/windows/arrange';

const SCREEN = { left: 0, top: 0, width: 1920, height: 1040 };

describe('one-click arrange', () => {
  it('lays three windows on one line, left to right, each a phone-shaped window as large as its cell allows', () => {
    const places = arrange(SCREEN, 1, 3, 3);
    expect(places.map((p) => p.left)).toEqual([0, 640, 1280]);
    expect(new Set(places.map((p) => p.top))).toEqual(new Set([0]));
    for (const place of places) {
      expect(place.height).toBeLessThanOrEqual(1040);
      expect(place.width).toBeLessThanOrEqual(640);
      // 9:16 under a 32-pixel title bar, within a pixel of rounding.
      expect(Math.abs((place.height - 32) * 9 - place.width * 16)).toBeLessThan(16);
    }
  });

  it('fills rows in reading order and starts over on a new screenful past the cells', () => {
    const places = arrange({ left: 100, top: 50, width: 1200, height: 1000 }, 2, 2, 5);
    expect(places.map((p) => [p.left, p.top])).toEqual([
      [100, 50],
      [700, 50],
      [100, 550],
      [700, 550],
      [100, 50],
    ]);
  });
});
