import { describe, expect, it } from 'vitest';
import { arrange, cascade, PHONE_WINDOW_SIZE } from '../src/windows/arrange';

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

describe('new phone windows', () => {
  it('cascade from the top left, each 32 px down and right of the one before, and start over at the bottom', () => {
    const area = { left: 0, top: 0, width: 1920, height: 1040 };
    expect([0, 1, 2].map((i) => cascade(area, i))).toEqual([
      { left: 0, top: 0, ...PHONE_WINDOW_SIZE },
      { left: 32, top: 32, ...PHONE_WINDOW_SIZE },
      { left: 64, top: 64, ...PHONE_WINDOW_SIZE },
    ]);
    // (1040 - 840) / 32: six steps down fit, the seventh window opens at the top again.
    expect(cascade(area, 7)).toEqual({ left: 0, top: 0, ...PHONE_WINDOW_SIZE });
  });

  it('open no larger than a small screen', () => {
    expect(cascade({ left: 0, top: 30, width: 1024, height: 738 }, 3)).toEqual({
      left: 0,
      top: 30,
      width: 440,
      height: 738,
    });
  });
});
