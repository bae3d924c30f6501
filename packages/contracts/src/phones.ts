import { z } from 'zod';
import { idListParam, idParam, idSchema, int4Param, int4Schema, pageNoParam, textSchema } from './bounds';
import { PHONE_ROLES, type LOCK_STATUS } from './phone-access';
import { PHONE_CAPABILITIES } from './phone-capabilities';
import { LANGUAGES, type Language, type LocalizedText } from './locale';
import { groupNameSchema, nameSchema } from './validation';

/**
 * The user's cloud phones (spec §3, §7): the list with the payload names DESIGN §3 fixes, the
 * extended details, operations and groups.
 */

/**
 * What the list shows of a busy phone (DESIGN §10): the operation that keeps it busy. Its locks and
 * how they fit together are `phone-access.ts`'s.
 */
export const PHONE_BUSY_KINDS = [
  'transferring',
  'replacing',
  'cloning',
  'templating',
  'syncing',
  'resetting',
  'new_machine',
] as const satisfies readonly NonNullable<(typeof LOCK_STATUS)[keyof typeof LOCK_STATUS]>[];
export type PhoneBusyKind = (typeof PHONE_BUSY_KINDS)[number];

/** What the list shows of a phone's state; `expired` and `expiring` come from the rental, the rest from its host. */
export const PHONE_LIST_STATUSES = [
  ...PHONE_BUSY_KINDS,
  'online',
  'offline',
  'maintenance',
  'abnormal',
  'booting',
  'restarting',
  'expired',
] as const;
export type PhoneListStatus = (typeof PHONE_LIST_STATUSES)[number];

/** Sort: 0 default (as bought), 1 by expiry ascending, 2 by expiry descending. */
export const PhoneSort = { default: 0, timeAsc: 1, timeDesc: 2 } as const;

export const phoneListQuery = z.object({
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  groupId: int4Param.optional(),
  keyword: textSchema(50).trim().optional(),
  sort: z.coerce.number().int().min(0).max(2).default(PhoneSort.default),
  /** Only these phones (spec §7: the list takes a filter): the phone view asks for the one it shows. */
  userPhoneIds: idListParam(100).optional(),
});
export type PhoneListQuery = z.output<typeof phoneListQuery>;

export const userPhoneSchema = z.object({
  userPhoneId: z.number().int(),
  name: z.string(),
  /** 0 is the default group. */
  groupId: z.number().int(),
  groupName: z.string(),
  /** `width×height`, e.g. 720×1280. */
  resolution: z.string(),
  root: z.boolean(),
  mockModel: z.object({ manufacturer: z.string(), model: z.string() }),
  status: z.enum(PHONE_LIST_STATUSES),
  expireTime: z.number().int(),
  /** Granted to another account by this user. */
  authorized: z.boolean(),
  /** Granted to this user by another account. */
  beAuthorized: z.boolean(),
  /**
   * How this user holds it (spec §6): its owner, or a grantee with a control or view grant. What the
   * clients offer on it is read from the access table by this role (DESIGN §10).
   */
  role: z.enum(PHONE_ROLES),
  /** When the grant of a phone granted to this user ends (its time left is the grant's); null for one's own. */
  grantEndTime: z.number().int().nullable(),
  trial: z.boolean(),
  /** The grade it runs as (a renewal takes a package of this grade); null when the tenant sells none. */
  gradeId: z.number().int().nullable(),
  gradeName: z.string(),
  /**
   * What its phone's driver cannot do (issue 61: a handset has no new machine, reset or templates): the
   * faces hide those tools, and the server refuses them with `capabilityMissing`.
   */
  lacks: z.array(z.enum(PHONE_CAPABILITIES)),
});
export type UserPhone = z.infer<typeof userPhoneSchema>;
export const phoneListSchema = z.object({ list: z.array(userPhoneSchema), total: z.number().int() });

export const userPhoneIdQuery = z.object({ userPhoneId: idParam });
export const phoneStatusSchema = z.object({ userPhoneId: z.number().int(), status: z.enum(PHONE_LIST_STATUSES) });
export const taskReplySchema = z.object({ taskId: z.string() });

export const renameBody = z.object({ userPhoneId: idSchema, name: nameSchema });

export const extendBatchQuery = z.object({
  userPhoneIds: idListParam(100),
});
export const phoneExtendSchema = z.object({
  userPhoneId: z.number().int(),
  system: z.string(),
  cpu: z.string(),
  memory: z.string(),
  storage: z.string(),
  tag: z.string(),
  brand: z.string(),
  model: z.string(),
  imei: z.string(),
  serialNumber: z.string(),
  /** The phone's system language (Settings → Language on the phone); null when its host does not answer. */
  language: z.enum(LANGUAGES).nullable(),
});
export type PhoneExtend = z.infer<typeof phoneExtendSchema>;

export const phoneGroupSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  count: z.number().int(),
  isDefault: z.boolean(),
});
export type PhoneGroup = z.infer<typeof phoneGroupSchema>;
export const createGroupBody = z.object({ groupName: groupNameSchema });
export const groupCreatedSchema = z.object({ groupId: z.number().int() });
// Group 0 (the default group) passes validation so the server can say it is protected (spec §5).
export const updateGroupBody = z.object({ groupId: int4Schema.min(0), groupName: groupNameSchema });
export const groupIdQuery = z.object({ groupId: int4Param.min(0) });
export const setGroupBody = z.object({
  userPhoneIds: z.array(idSchema).min(1).max(100),
  groupId: int4Schema.min(0),
});
export const DEFAULT_GROUP_ID = 0;

/** The default group's name in each language. */
export const DEFAULT_GROUP_NAME = { 'zh-CN': '默认分组', 'en-US': 'Default group' } as const;

/**
 * A phone the server made is named by its number, shown in the viewer's language ("云手机 5",
 * "Cloud phone 5") until its owner gives it a name of their own.
 */
export const PHONE_NAME_PREFIX: LocalizedText = { 'zh-CN': '云手机 ', 'en-US': 'Cloud phone ' };
export function numberedPhoneName(number: number, language: Language): string {
  return `${PHONE_NAME_PREFIX[language]}${number}`;
}

/** The resolutions a phone can be set to (width × height at a density). The first is a new phone's. */
export const PHONE_RESOLUTIONS = [
  { width: 720, height: 1280, dpi: 320 },
  { width: 1080, height: 1920, dpi: 480 },
  { width: 540, height: 960, dpi: 240 },
  { width: 1080, height: 2400, dpi: 440 },
] as const;
export type PhoneResolution = { width: number; height: number; dpi: number };

export const setResolutionBody = z
  .object({
    userPhoneId: idSchema,
    width: int4Schema,
    height: int4Schema,
    dpi: int4Schema,
  })
  .refine((b) => PHONE_RESOLUTIONS.some((r) => r.width === b.width && r.height === b.height && r.dpi === b.dpi), {
    message: 'not one of the offered resolutions',
  });
export const setRootBody = z.object({ userPhoneId: idSchema, root: z.boolean() });

/** A screenshot: the task that took it and the image itself as a PNG data URL, to show and download. */
export const screenshotReplySchema = z.object({ taskId: z.string(), imageUrl: z.string() });

/** A handset a phone can pass for (its mock model). */
export const mockModelSchema = z.object({
  manufacturer: z.string(),
  brand: z.string(),
  model: z.string(),
  name: z.string(),
});
export type MockModel = z.infer<typeof mockModelSchema>;
export const mockModelListQuery = z.object({ manufacturer: textSchema(50).trim().min(1) });
export const mockModelBody = z.object({
  userPhoneId: idSchema,
  manufacturer: textSchema(50).trim().min(1),
  model: textSchema(50).trim().min(1),
});
