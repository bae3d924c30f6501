import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UPLOAD } from './limits';
import {
  activationCodeSchema,
  arrangeSchema,
  checkUploadSelection,
  grantDaysSchema,
  maskMobile,
  mobileSchema,
  nameSchema,
  parseActivationCodes,
  passwordPairSchema,
  passwordSchema,
  redeemCodeSchema,
  smsCodeSchema,
} from './validation';

/** The catalogue keys a value is refused with; empty when it is accepted. */
function refusals(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('names (spec §5: 1 to 20 characters)', () => {
  it('accepts 1 to 20 characters, counting a Chinese character as one', () => {
    expect(refusals(nameSchema, 'a')).toEqual([]);
    expect(refusals(nameSchema, '云'.repeat(20))).toEqual([]);
    expect(refusals(nameSchema, 'x'.repeat(20))).toEqual([]);
  });

  it('refuses 21 characters and an empty or blank name', () => {
    expect(refusals(nameSchema, '云'.repeat(21))).toEqual(['nameInvalid']);
    expect(refusals(nameSchema, '')).toEqual(['nameInvalid']);
    expect(refusals(nameSchema, '   ')).toEqual(['nameInvalid']);
  });

  it('trims the name before counting', () => {
    expect(nameSchema.parse(`  ${'a'.repeat(20)}  `)).toBe('a'.repeat(20));
  });
});

describe('passwords (6 to 20 letters and digits)', () => {
  it.each(['abc123', 'ABCdef', 'a1'.repeat(10)])('accepts %s', (password) => {
    expect(refusals(passwordSchema, password)).toEqual([]);
  });

  it.each(['abc12', 'abc123!', 'abc 123', '密码abc123', 'a'.repeat(21)])('refuses %s', (password) => {
    expect(refusals(passwordSchema, password)).toEqual(['passwordInvalid']);
  });

  it('refuses a pair whose confirmation differs, on the confirmation field', () => {
    const result = passwordPairSchema.safeParse({ password: 'abc123', confirmPassword: 'abc124' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: 'passwordMismatch', path: ['confirmPassword'] }),
    ]);
    expect(refusals(passwordPairSchema, { password: 'abc123', confirmPassword: 'abc123' })).toEqual([]);
  });
});

describe('SMS codes and mobile numbers', () => {
  it.each(['1234', '12345', '123456'])('accepts the SMS code %s', (code) => {
    expect(refusals(smsCodeSchema, code)).toEqual([]);
  });

  it.each(['123', '1234567', '12a4', ''])('refuses the SMS code "%s"', (code) => {
    expect(refusals(smsCodeSchema, code)).toEqual(['smsCodeError']);
  });

  it('accepts a mainland mobile number and refuses one not starting 13–19', () => {
    expect(refusals(mobileSchema, '13800000000')).toEqual([]);
    expect(refusals(mobileSchema, '19912345678')).toEqual([]);
    expect(refusals(mobileSchema, '12800000000')).toEqual(['phoneIncorrect']);
    expect(refusals(mobileSchema, '1380000000')).toEqual(['phoneIncorrect']);
    expect(refusals(mobileSchema, '138000000001')).toEqual(['phoneIncorrect']);
  });

  it('masks a mobile number to its first 3 and last 4 digits', () => {
    expect(maskMobile('13800000000')).toBe('138****0000');
    expect(maskMobile('13912345678')).toBe('139****5678');
  });
});

describe('activation codes (12 letters or digits, case sensitive)', () => {
  it('accepts 12 letters or digits and keeps their case', () => {
    expect(activationCodeSchema.parse('AbCdEf123456')).toBe('AbCdEf123456');
  });

  it.each(['AbCdEf12345', 'AbCdEf1234567', 'AbCdEf12345!', 'AbCdEf 12345'])('refuses %s', (code) => {
    expect(refusals(activationCodeSchema, code)).toEqual(['activationCodeInvalid']);
  });

  it('drops repeats and counts them', () => {
    expect(parseActivationCodes('A, A B')).toEqual({ codes: ['A', 'B'], duplicateCount: 1 });
  });

  it('splits on newlines, commas (also full-width) and spaces', () => {
    expect(parseActivationCodes('A\nB,C D\r\nE，F\tG  ,\n')).toEqual({
      codes: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
      duplicateCount: 0,
    });
  });

  it('treats codes differing only in case as different codes', () => {
    expect(parseActivationCodes('ab AB ab')).toEqual({ codes: ['ab', 'AB'], duplicateCount: 1 });
  });

  it('counts codes already in the list as repeats', () => {
    expect(parseActivationCodes('A C B', ['A', 'B'])).toEqual({ codes: ['C'], duplicateCount: 2 });
  });

  it('finds no code in blank input', () => {
    expect(parseActivationCodes(' \n ,, ')).toEqual({ codes: [], duplicateCount: 0 });
  });
});

describe('redeem codes (up to 20 letters or digits)', () => {
  it('refuses an empty or blank code as "please input the redeem code"', () => {
    expect(refusals(redeemCodeSchema, '')).toEqual(['redeemCodeEmpty']);
    expect(refusals(redeemCodeSchema, '   ')).toEqual(['redeemCodeEmpty']);
  });

  it('accepts mixed case up to 20 characters and refuses 21', () => {
    expect(redeemCodeSchema.parse('AbC123xYz')).toBe('AbC123xYz');
    expect(refusals(redeemCodeSchema, 'a'.repeat(20))).toEqual([]);
    expect(refusals(redeemCodeSchema, 'a'.repeat(21))).toEqual(['redeemCodeInvalid']);
  });

  it('refuses symbols', () => {
    expect(refusals(redeemCodeSchema, 'abc-123')).toEqual(['redeemCodeInvalid']);
  });
});

describe('grant days (whole numbers 1 to 999)', () => {
  it.each([1, 999, '30'])('accepts %s', (days) => {
    expect(grantDaysSchema.parse(days)).toBe(Number(days));
  });

  it.each([0, 1000, 1.5, -3, 'ten'])('refuses %s', (days) => {
    expect(refusals(grantDaysSchema, days)).toContain('grantInvalid');
  });
});

describe('upload selection (spec §5: 3 files, 2 GB each, packages for apps)', () => {
  const GB = 1024 ** 3;
  const apk = (name = 'game.apk', size = 10) => ({ name, size });

  it('accepts up to three packages of at most 2 GB', () => {
    expect(checkUploadSelection([apk('a.apk'), apk('b.APK'), apk('c.apk', UPLOAD.maxFileBytes)], 'app')).toBeNull();
  });

  it('refuses a fourth file', () => {
    expect(checkUploadSelection([apk(), apk(), apk(), apk()], 'file')).toBe('uploadTooManyFiles');
  });

  it('refuses a file over 2 GB', () => {
    expect(checkUploadSelection([apk('big.apk', 3 * GB)], 'app')).toBe('uploadTooLarge');
    expect(checkUploadSelection([apk('big.zip', 2 * GB + 1)], 'file')).toBe('uploadTooLarge');
  });

  it('refuses an XAPK bundle as an app: only a plain APK is read on arrival', () => {
    expect(checkUploadSelection([apk('bundle.xapk')], 'app')).toBe('uploadBadExtension');
  });

  it('refuses a text file as an app but accepts it as a file', () => {
    expect(checkUploadSelection([apk('notes.txt')], 'app')).toBe('uploadBadExtension');
    expect(checkUploadSelection([apk('notes.txt')], 'file')).toBeNull();
  });
});

describe('one-key arrange', () => {
  it('accepts rows and columns of at least 1 with at least two windows', () => {
    expect(refusals(arrangeSchema, { rows: 2, columns: 2, windows: 4 })).toEqual([]);
    expect(refusals(arrangeSchema, { rows: 1, columns: 1, windows: 2 })).toEqual([]);
  });

  it('refuses zero rows, zero columns or a single window', () => {
    expect(refusals(arrangeSchema, { rows: 0, columns: 2, windows: 4 })).toEqual(['arrangeInvalid']);
    expect(refusals(arrangeSchema, { rows: 2, columns: 0, windows: 4 })).toEqual(['arrangeInvalid']);
    expect(refusals(arrangeSchema, { rows: 2, columns: 2, windows: 1 })).toEqual(['arrangeInvalid']);
  });
});
