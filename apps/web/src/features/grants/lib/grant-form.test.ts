import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@cloudphone/contracts/commerce';
import { errorMessage } from '@cloudphone/contracts/errors';
import { userPhone } from '../../../testing/user-phone';
import { checkGrantDraft, grantRefusal, maxGrantDaysOf, type GrantDraft } from './grant-form';

const now = Date.UTC(2026, 0, 1);
const phone = (id: number, daysLeft: number, authorized = false) =>
  userPhone(id, { expireTime: now + daysLeft * DAY_MS, authorized });
const draft = (fields: Partial<GrantDraft> = {}): GrantDraft => ({
  method: 'account',
  account: '13800000000',
  permission: 'view',
  days: '3',
  ...fields,
});

describe('the add-grant form (spec §5, §6)', () => {
  it('refuses a phone already granted out, and one with no time left', () => {
    expect(grantRefusal(phone(1, 10, true), now)).toBe('grantedOut');
    expect(grantRefusal(phone(2, 0), now)).toBe('expired');
    expect(grantRefusal(phone(3, 10), now)).toBeNull();
  });

  it('grants several phones no longer than the one with the least time left', () => {
    expect(maxGrantDaysOf([phone(1, 30), phone(2, 4.5)], now)).toBe(5);
    expect(maxGrantDaysOf([], now)).toBe(0);
    const checked = checkGrantDraft([phone(1, 30), phone(2, 4.5)], draft({ days: '6' }), now);
    expect(checked).toEqual({ ok: false, problem: errorMessage('grantInvalid', 'en-US') });
  });

  it('makes one grant per phone that can be granted, to the account typed', () => {
    const checked = checkGrantDraft(
      [phone(1, 30), phone(2, 30, true), phone(3, 30)],
      draft({ account: ' 1380 ' }),
      now,
    );
    expect(checked).toEqual({
      ok: true,
      grants: [
        { userPhoneId: 1, days: 3, permission: 'view', account: '1380' },
        { userPhoneId: 3, days: 3, permission: 'view', account: '1380' },
      ],
    });
  });

  it('makes codes with no account, and wants a phone and an account otherwise', () => {
    const codes = checkGrantDraft([phone(1, 30)], draft({ method: 'code', account: '', permission: 'control' }), now);
    expect(codes).toEqual({ ok: true, grants: [{ userPhoneId: 1, days: 3, permission: 'control' }] });
    expect(checkGrantDraft([], draft(), now)).toEqual({ ok: false, problem: 'Choose a cloud phone' });
    expect(checkGrantDraft([phone(1, 30)], draft({ account: '  ' }), now)).toEqual({
      ok: false,
      problem: errorMessage('grantAccountRequired', 'en-US'),
    });
  });
});
