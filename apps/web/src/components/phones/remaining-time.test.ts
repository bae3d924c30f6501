import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatRemainingTime, remainingTime } from './remaining-time';

const NOW = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const left = (ms: number) => formatRemainingTime(remainingTime(NOW + ms, NOW), i18next.t);

describe('remaining rental time', () => {
  it('shows days and hours while a day or more is left', () => {
    expect(left(29 * DAY + 23 * HOUR + 59 * MINUTE)).toBe('29 d 23 h');
    expect(left(DAY)).toBe('1 d 0 h');
  });

  it('shows hours and minutes under a day, and marks the phone expiring soon', () => {
    expect(left(5 * HOUR + 10 * MINUTE + 30_000)).toBe('5 h 10 min');
    expect(left(10 * MINUTE)).toBe('10 min');
    expect(remainingTime(NOW + DAY - 1, NOW)).toMatchObject({ expiringSoon: true });
    expect(remainingTime(NOW + DAY, NOW)).toMatchObject({ expiringSoon: false });
  });

  it('reads expired once the expiry time has passed', () => {
    expect(remainingTime(NOW, NOW)).toEqual({ expired: true });
    expect(left(-HOUR)).toBe('Expired');
  });
});
