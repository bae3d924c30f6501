import { z } from 'zod';
import { idSchema, pageNoParam, textSchema } from './bounds';
import { NEW_MACHINE_MAX_DEVICES } from './limits';

/**
 * One-key new machine (spec §1, §3): the phone passes for another handset of the host's catalogue —
 * brand, model, IMEI and serial number drawn at random, optionally within one brand — and its user
 * data is wiped. Each phone's change is kept as a record of its old and new identity.
 */

export const NEW_MACHINE_STATUSES = ['running', 'successful', 'failed'] as const;
export type NewMachineStatus = (typeof NEW_MACHINE_STATUSES)[number];

/** `POST /api/device/user/phone/new-machine`: at most 10 phones at once. */
export const newMachineBody = z.object({
  userPhoneIds: z
    .array(idSchema)
    .min(1)
    .max(NEW_MACHINE_MAX_DEVICES)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'a phone is named twice' }),
  /** A brand (or manufacturer) of the catalogue to draw the new handset from; any when absent. */
  brand: textSchema(50).trim().min(1).optional(),
});
export type NewMachineRequest = z.infer<typeof newMachineBody>;

/** The host task that makes each phone new. */
export const newMachineReplySchema = z.object({
  list: z.array(z.object({ userPhoneId: z.number().int(), taskId: z.string() })),
});

/** The new-machine parameters of spec §3: who the phone says it is. */
export const phoneIdentitySchema = z.object({
  brand: z.string(),
  model: z.string(),
  /** The handset's marketing name, e.g. Galaxy S23. */
  name: z.string(),
  imei: z.string(),
  serial: z.string(),
});
export type PhoneIdentity = z.infer<typeof phoneIdentitySchema>;

export const newMachinePageQuery = z.object({
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const newMachineRecordSchema = z.object({
  id: z.number().int(),
  userPhoneId: z.number().int(),
  phoneName: z.string(),
  status: z.enum(NEW_MACHINE_STATUSES),
  /** The brand asked for; null for any. */
  brand: z.string().nullable(),
  before: phoneIdentitySchema,
  /** Null until the host has made the phone new. */
  after: phoneIdentitySchema.nullable(),
  reason: z.string().optional(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type NewMachineRecord = z.infer<typeof newMachineRecordSchema>;
export const newMachinePageSchema = z.object({ list: z.array(newMachineRecordSchema), total: z.number().int() });
