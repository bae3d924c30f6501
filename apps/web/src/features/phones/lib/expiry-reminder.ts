import type { UserPhone } from '@cloudphone/contracts/phones';
import { storage, StorageKey } from '../../../lib/storage';
import { remainingTime } from '../../../components/phones/remaining-time';

/** What the browser remembers about reminders (spec §3): the last day one was shown and the silenced phones. */
export interface ReminderMemory {
  /** `YYYY-MM-DD` in the user's time zone, or null before the first reminder. */
  lastTipDate: string | null;
  /** userPhoneIds whose owner chose "don't remind again" (spec §9). */
  silenced: readonly number[];
}

/** The user's calendar day of `now`, as stored under lastExpireTipDate. */
export function localDate(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The phones to remind the user of now: none if a reminder was already shown today; otherwise those
 * still running that expire within a day (expiring soon), except the silenced ones.
 */
export function phonesToRemind(phones: readonly UserPhone[], now: number, memory: ReminderMemory): UserPhone[] {
  if (memory.lastTipDate === localDate(now)) return [];
  return phones.filter((phone) => {
    const left = remainingTime(phone.expireTime, now);
    return (
      phone.status !== 'expired' && !left.expired && left.expiringSoon && !memory.silenced.includes(phone.userPhoneId)
    );
  });
}

export function readReminderMemory(): ReminderMemory {
  const silenced = storage.get<unknown>(StorageKey.hasExpireReminded);
  return {
    lastTipDate: storage.get<string>(StorageKey.lastExpireTipDate),
    silenced: Array.isArray(silenced) ? silenced.filter((id): id is number => typeof id === 'number') : [],
  };
}

/** Today's reminder has been shown: no other until tomorrow. */
export function rememberReminderShown(now: number): void {
  storage.set(StorageKey.lastExpireTipDate, localDate(now));
}

/** "Don't remind again" for one phone. */
export function silenceReminder(userPhoneId: number): void {
  const { silenced } = readReminderMemory();
  if (!silenced.includes(userPhoneId)) storage.set(StorageKey.hasExpireReminded, [...silenced, userPhoneId]);
}
