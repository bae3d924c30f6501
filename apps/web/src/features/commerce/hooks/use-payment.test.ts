import { describe, expect, it } from 'vitest';
import { payTimeLeft } from './use-payment';

describe('the time left to pay', () => {
  it('reads as minutes and seconds, rounded up, never below zero', () => {
    expect(payTimeLeft(15 * 60_000)).toBe('15:00');
    expect(payTimeLeft(65_001)).toBe('01:06');
    expect(payTimeLeft(-5_000)).toBe('00:00');
  });
});
