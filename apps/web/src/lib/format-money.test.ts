import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('money shown to the user', () => {
  it('shows cents as yuan with two decimals', () => {
    expect(formatMoney(100)).toBe('¥1.00');
    expect(formatMoney(1250)).toBe('¥12.50');
    expect(formatMoney(7)).toBe('¥0.07');
    expect(formatMoney(0)).toBe('¥0.00');
  });

  it('puts the sign of a negative amount before the currency', () => {
    expect(formatMoney(-500)).toBe('-¥5.00');
  });
});
