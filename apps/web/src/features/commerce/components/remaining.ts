import type { TFunction } from 'i18next';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a phone's rental has left: `29 d 23 h left`, `5 h 10 min left`, or expired. */
export function remainingText(expireTime: number, now: number, t: TFunction): string {
  const left = expireTime - now;
  if (left <= 0) return t('commerce.phone.expired');
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  if (days > 0) return t('commerce.phone.remainingDays', { days, hours });
  return t('commerce.phone.remainingHours', { hours, minutes: Math.floor((left % HOUR) / 60_000) });
}
