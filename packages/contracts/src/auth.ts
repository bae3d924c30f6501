import { z } from 'zod';
import { idSchema, textSchema } from './bounds';
import { PASSWORD_LENGTH } from './limits';
import { DATA_SAVER_MIN_KBPS } from './stream';
import { mobileSchema, nameSchema, passwordSchema, smsCodeSchema } from './validation';
import { LANGUAGES } from './locale';

/**
 * Accounts: the payloads of the auth and user calls of spec §7, with the names DESIGN §3 fixes.
 * The server validates with these; the web forms use the same schemas.
 */

/** What a code is for (DESIGN §3). */
export const SmsScene = { login: 1, changeMobile: 2, resetPassword: 3, unregister: 4, bindNewMobile: 5 } as const;
export type SmsSceneValue = (typeof SmsScene)[keyof typeof SmsScene];
export const smsSceneSchema = z.union(
  Object.values(SmsScene).map((v) => z.literal(v)) as [z.ZodLiteral<SmsSceneValue>, ...z.ZodLiteral<SmsSceneValue>[]],
);

export const sendSmsCodeBody = z.object({ mobile: mobileSchema, scene: smsSceneSchema });
/** To the signed-in user's own number: scenes change mobile (old number), reset password, unregister. */
export const sendSmsCodeLoggingBody = z.object({ scene: smsSceneSchema });

export const smsLoginBody = z.object({ mobile: mobileSchema, code: smsCodeSchema });
export const passwordLoginBody = z.object({
  mobile: mobileSchema,
  password: textSchema(PASSWORD_LENGTH.max * 4).min(1, { error: 'passwordInvalid' }),
});
export const refreshTokenBody = z.object({ refreshToken: textSchema(200).min(1) });

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** When the access token expires, epoch ms. */
  expiresTime: z.number().int(),
  userId: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const validateAuthCodeQuery = z.object({ code: textSchema(200).trim().min(1) });
/** A merchant's own server asks for a one-time entry code for a user of one of its clients (issue 29). */
export const issueAuthCodeBody = z.object({
  clientNo: textSchema(64).trim().toLowerCase().min(1),
  mobile: mobileSchema,
});
export const issuedAuthCodeSchema = z.object({
  code: z.string(),
  /** The code is good once, until then (epoch ms). */
  expireTime: z.number().int(),
  /** Where to open the client with it: `/app/{clientNo}?code=…` on this server. */
  entryPath: z.string(),
});

/** Confirms a code without logging in; the reply's ticket proves it for the next step (change mobile). */
export const validateSmsCodeBody = z.object({
  mobile: mobileSchema.optional(),
  scene: smsSceneSchema,
  code: smsCodeSchema,
});
export const smsTicketSchema = z.object({ ticket: z.string() });

export const userInfoSchema = z.object({
  nickname: z.string(),
  avatar: z.string(),
  mobile: z.string(),
  userNo: z.string(),
  registerTime: z.number().int(),
  /** Whether a password is set (an SMS-registered account has none until it sets one). */
  hasPassword: z.boolean(),
  /** The language the account keeps (set from the app's language switch); null until one is chosen. */
  language: z.enum(LANGUAGES).nullable(),
  /** Whether the account has been through the first-login guide: it shows once per account (issue 55). */
  homeGuideSeen: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** The account's data saver (issue 58): "auto" never streams a phone above `maxKbps`; null is none. */
export const dataSaverSchema = z.object({
  maxKbps: z.number().int().nullable(),
  /** Whether it is the tenant's default: the account has not chosen its own. */
  tenantDefault: z.boolean(),
});
export type DataSaver = z.infer<typeof dataSaverSchema>;
export const dataSaverBody = z.object({
  maxKbps: z.number().int().min(DATA_SAVER_MIN_KBPS).max(20_000).nullable(),
});

export const updateUserBody = z
  .object({
    nickname: nameSchema.optional(),
    avatar: textSchema(500).optional(),
    language: z.enum(LANGUAGES).optional(),
    homeGuideSeen: z.literal(true).optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    error: 'invalidParameter',
  });

const newPassword = { password: passwordSchema, confirmPassword: textSchema(PASSWORD_LENGTH.max * 4) };
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { error: 'passwordMismatch', path: ['confirmPassword'] };

/** oldPassword is required once the account has a password. */
export const updatePasswordBody = z
  .object({ oldPassword: textSchema(PASSWORD_LENGTH.max * 4).optional(), ...newPassword })
  .refine(passwordsMatch, mismatch);
export const resetPasswordBody = z
  .object({ mobile: mobileSchema, code: smsCodeSchema, ...newPassword })
  .refine(passwordsMatch, mismatch);
export const unregisterBody = z.object({ code: smsCodeSchema });

export const canChangeMobileSchema = z.object({ canChange: z.boolean(), nextChangeTime: z.number().int().nullable() });
/** The ticket from confirming the old number, then the new number and its code. */
export const changeMobileBody = z.object({ ticket: textSchema(500).min(1), mobile: mobileSchema, code: smsCodeSchema });

export const loginDeviceSchema = z.object({
  sessionId: z.number().int(),
  deviceId: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createTime: z.number().int(),
  lastSeenTime: z.number().int(),
  current: z.boolean(),
});
export type LoginDevice = z.infer<typeof loginDeviceSchema>;
export const signOutDeviceBody = z.object({ sessionId: idSchema });

export const smsOutboxQuery = z.object({ mobile: mobileSchema });
export const smsCodesExpireBody = z.object({ mobile: mobileSchema });
export const smsOutboxEntrySchema = z.object({
  mobile: z.string(),
  code: z.string(),
  scene: z.number().int(),
  sendTime: z.number().int(),
});
export type SmsOutboxEntry = z.infer<typeof smsOutboxEntrySchema>;
