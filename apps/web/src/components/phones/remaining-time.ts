import type { TFunction } from 'i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RemainingTime =
  { expired: true } | { expired: false; days: number; hours: number; minutes: number; expiringSoon: boolean };

/** How long a rental has left, whole minutes down; under 24 h it is expiring soon (spec §4). */
export function remainingTime(expireTime: number, now: number): RemainingTime {
  const left = expireTime - now;
  if (left <= 0) return { expired: true };
  return {
    expired: false,
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    expiringSoon: left < DAY,
  };
}

/** "29 d 23 h" with a day or more left, "5 h 10 min" or "10 min" under a day. */
export function formatRemainingTime(remaining: RemainingTime, t: TFunction): string {
  if (remaining.expired) return t('phones.remaining.expired');
  const { days, hours, minutes } = remaining;
  if (days > 0) return t('phones.remaining.daysHours', { days, hours });
  if (hours > 0) return t('phones.remaining.hoursMinutes', { hours, minutes });
  return t('phones.remaining.minutes', { minutes });
}
