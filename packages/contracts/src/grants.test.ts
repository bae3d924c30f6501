import { describe, expect, it } from 'vitest';
import { DAY_MS } from './commerce';
import { grantCodeSchema, maxGrantDays } from './grants';

describe('grant days within the remaining time (spec §5)', () => {
  it('counts a part day whole, so "29 d 23 h" left grants up to 30 days', () => {
    expect(maxGrantDays(30 * DAY_MS - 60_000)).toBe(30);
    expect(maxGrantDays(30 * DAY_MS)).toBe(30);
    expect(maxGrantDays(30 * DAY_MS + 1)).toBe(31);
  });

  it('grants nothing of an expired phone and never more than 999 days', () => {
    expect(maxGrantDays(0)).toBe(0);
    expect(maxGrantDays(-5)).toBe(0);
    expect(maxGrantDays(5_000 * DAY_MS)).toBe(999);
  });
});

describe('grant codes', () => {
  it('takes a code in either case, with spaces around it', () => {
    expect(grantCodeSchema.parse(' abcd2345ef ')).toBe('ABCD2345EF');
  });

  it('refuses codes of another length or with letters easily misread', () => {
    for (const code of ['ABCD2345E', 'ABCD2345EFG', 'ABCD2345E0', 'ABCD2345E1']) {
      expect(grantCodeSchema.safeParse(code).error?.issues[0]?.message).toBe('grantCodeInvalid');
    }
  });
});
