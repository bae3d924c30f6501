import { describe, expect, it } from 'vitest';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { userPhone } from '../../../testing/user-phone';
import {
  localDate,
  phonesToRemind,
  readReminderMemory,
  rememberReminderShown,
  silenceReminder,
} from './expiry-reminder';

const NOW = new Date(2026, 0, 15, 9, 30).getTime();
const HOUR = 3_600_000;

function phone(id: number, hoursLeft: number, fields: Partial<UserPhone> = {}): UserPhone {
  return userPhone(id, { expireTime: NOW + hoursLeft * HOUR, ...fields });
}

const fresh = { lastTipDate: null, silenced: [] };
const ids = (phones: UserPhone[]) => phones.map((p) => p.userPhoneId);

describe('the expiry reminder', () => {
  it('names the running phones that expire within 24 hours', () => {
    const phones = [phone(1, 23.9), phone(2, 24), phone(3, 720), phone(4, 0.5, { trial: true })];
    expect(ids(phonesToRemind(phones, NOW, fresh))).toEqual([1, 4]);
  });

  it('leaves out phones that have already expired', () => {
    const phones = [phone(1, -1), phone(2, 5, { status: 'expired' }), phone(3, 5)];
    expect(ids(phonesToRemind(phones, NOW, fresh))).toEqual([3]);
  });

  it('reminds once a day: not again the same day, again the next', () => {
    const phones = [phone(1, 5)];
    expect(phonesToRemind(phones, NOW, { lastTipDate: localDate(NOW), silenced: [] })).toEqual([]);
    const yesterday = localDate(NOW - 24 * HOUR);
    expect(ids(phonesToRemind(phones, NOW, { lastTipDate: yesterday, silenced: [] }))).toEqual([1]);
  });

  it('skips phones the user asked not to be reminded of', () => {
    const phones = [phone(1, 5), phone(2, 6)];
    expect(ids(phonesToRemind(phones, NOW, { lastTipDate: null, silenced: [1] }))).toEqual([2]);
  });

  it('keeps the day shown and the silenced phones under the keys of spec §3', () => {
    rememberReminderShown(NOW);
    silenceReminder(4);
    silenceReminder(4);
    silenceReminder(7);
    expect(localStorage.getItem('lastExpireTipDate')).toBe('"2026-01-15"');
    expect(localStorage.getItem('hasExpireReminded')).toBe('[4,7]');
    expect(readReminderMemory()).toEqual({ lastTipDate: '2026-01-15', silenced: [4, 7] });
  });
});
