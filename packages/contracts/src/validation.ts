import { z } from 'zod';
import { NO_CONTROL } from './bounds';
import type { ErrorKey } from './errors';
import {
  ACTIVATION_CODE_LENGTH,
  GRANT,
  NAME_LENGTH,
  PASSWORD_LENGTH,
  REDEEM_CODE_MAX_LENGTH,
  SMS_CODE,
  UPLOAD,
} from './limits';

/**
 * The validation rules of spec §5. Each schema's issue message is an error-catalogue key, so the
 * server answers the catalogue text in the caller's language and a form shows the same text.
 */
const msg = (key: ErrorKey) => ({ error: key });

/** Nickname, device name and group name: 1 to 20 characters (counted as the user sees them). */
export const nameSchema = z
  .string(msg('nameInvalid'))
  .trim()
  .refine((s) => [...s].length >= NAME_LENGTH.min && [...s].length <= NAME_LENGTH.max, msg('nameInvalid'))
  .refine((s) => NO_CONTROL.test(s), msg('nameInvalid'));

export const groupNameSchema = z
  .string(msg('groupNameRequired'))
  .trim()
  .min(1, msg('groupNameRequired'))
  .refine((s) => [...s].length <= NAME_LENGTH.max && NO_CONTROL.test(s), msg('nameInvalid'));

/** Password: 6 to 20 letters and digits, case sensitive. */
export const passwordSchema = z
  .string(msg('passwordInvalid'))
  .regex(new RegExp(`^[A-Za-z0-9]{${PASSWORD_LENGTH.min},${PASSWORD_LENGTH.max}}$`), msg('passwordInvalid'));

/** A new password typed twice: both must meet the rule and match. */
export const passwordPairSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { ...msg('passwordMismatch'), path: ['confirmPassword'] });

/** SMS code: 4 to 6 digits. */
export const smsCodeSchema = z
  .string(msg('smsCodeError'))
  .regex(new RegExp(`^\\d{${SMS_CODE.minDigits},${SMS_CODE.maxDigits}}$`), msg('smsCodeError'));

/** A mainland China mobile number: 11 digits starting 13–19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const mobileSchema = z.string(msg('phoneIncorrect')).trim().regex(MOBILE_PATTERN, msg('phoneIncorrect'));

/** Display masking: first 3 digits, four asterisks, last 4 digits (spec §5). */
export function maskMobile(mobile: string): string {
  if (mobile.length < 7) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

/** Activation code: exactly 12 letters or digits, case sensitive. */
export const activationCodeSchema = z
  .string(msg('activationCodeInvalid'))
  .regex(new RegExp(`^[A-Za-z0-9]{${ACTIVATION_CODE_LENGTH}}$`), msg('activationCodeInvalid'));

export interface ParsedCodes {
  /** Distinct codes in the order first typed. */
  codes: string[];
  /** How many entries repeated one already taken (also against `existing`). */
  duplicateCount: number;
}

/**
 * Several activation codes typed or pasted at once: split on newline, space or comma; duplicates are
 * not added and their count is reported (spec §5). Codes are case sensitive, so `ab` and `AB` differ.
 * `existing` holds codes already in the list, so adding more reports repeats of those too.
 */
export function parseActivationCodes(input: string, existing: readonly string[] = []): ParsedCodes {
  const seen = new Set(existing);
  const codes: string[] = [];
  let duplicateCount = 0;
  for (const part of input.split(/[\s,，]+/)) {
    if (part === '') continue;
    if (seen.has(part)) {
      duplicateCount++;
      continue;
    }
    seen.add(part);
    codes.push(part);
  }
  return { codes, duplicateCount };
}

/** Redeem code: required, up to 20 letters or digits, either case. */
export const redeemCodeSchema = z
  .string(msg('redeemCodeEmpty'))
  .trim()
  // An empty code is only "please input": not also "up to 20 letters or digits".
  .min(1, { ...msg('redeemCodeEmpty'), abort: true })
  .regex(new RegExp(`^[A-Za-z0-9]{1,${REDEEM_CODE_MAX_LENGTH}}$`), msg('redeemCodeInvalid'));

/** Grant days: a whole number from 1 to 999. Whether it fits the device's remaining time is a server rule. */
export const grantDaysSchema = z.coerce
  .number(msg('grantInvalid'))
  .int(msg('grantInvalid'))
  .min(GRANT.minDays, msg('grantInvalid'))
  .max(GRANT.maxDays, msg('grantInvalid'));

export const grantAccountSchema = z.string(msg('grantAccountRequired')).trim().min(1, msg('grantAccountRequired'));

export interface UploadCandidate {
  name: string;
  size: number;
}

/** Upload: at most 3 files at a time, each at most 2 GB; an app package must have a package extension. */
export function checkUploadSelection(files: readonly UploadCandidate[], kind: 'app' | 'file'): ErrorKey | null {
  if (files.length > UPLOAD.filesPerSelection) return 'uploadTooManyFiles';
  if (files.some((f) => f.size > UPLOAD.maxFileBytes)) return 'uploadTooLarge';
  if (kind === 'app') {
    const isPackage = (name: string) => UPLOAD.packageExtensions.some((ext) => name.toLowerCase().endsWith(ext));
    if (!files.every((f) => isPackage(f.name))) return 'uploadBadExtension';
  }
  return null;
}

/** One-key arrange: rows and columns must not be 0 and at least two windows are needed. */
export const arrangeSchema = z
  .object({
    rows: z.number().int().min(1, msg('arrangeInvalid')),
    columns: z.number().int().min(1, msg('arrangeInvalid')),
    windows: z.number().int(),
  })
  .refine((v) => v.windows >= 2, msg('arrangeInvalid'));
