import { z } from 'zod';
import { idSchema, NO_NUL, pageNoParam } from './bounds';
import { grantAccountSchema } from './validation';

/**
 * Transferring phones to another account of the same tenant (spec §1, §3, §4, §7, §9): the check,
 * the transfer itself and its records. The limits are the tenant's `give.*` config keys.
 */

/** A transfer walks waiting → transferring → successful | failed; every step is kept (spec §4). */
export const TRANSFER_STATUSES = ['waiting', 'transferring', 'successful', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The receiving account: its mobile or its userNo (UID). */
export const transferAccountSchema = grantAccountSchema.max(32).regex(NO_NUL);

/**
 * `PUT /api/device/user/phone/give-check` and `/give`. The batch size is the tenant's
 * `give.batch.count` (5 by default); the schema only bounds what a request may carry.
 */
export const giveBody = z.object({
  userPhoneIds: z
    .array(idSchema)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'a phone is named twice' }),
  account: transferAccountSchema,
});
export type GiveRequest = z.infer<typeof giveBody>;

/** Whether each phone may go now, and if not why (the catalogue text in the caller's language). */
export const giveCheckReplySchema = z.object({
  list: z.array(z.object({ userPhoneId: z.number().int(), ok: z.boolean(), reason: z.string().optional() })),
});
export type GiveCheck = z.infer<typeof giveCheckReplySchema>;

export const giveReplySchema = z.object({ transferNo: z.string() });

/** Launched transfers (`out`) or received ones (`in`). */
export const TRANSFER_SIDES = ['out', 'in'] as const;
export type TransferSide = (typeof TRANSFER_SIDES)[number];

export const transferPageQuery = z.object({
  side: z.enum(TRANSFER_SIDES).default('out'),
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A transfer order (spec §3): number, phones, source and target accounts, status and time. */
export const transferRecordSchema = z.object({
  transferNo: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  /** The phones, named as the viewer's side knows them. */
  phones: z.array(z.object({ userPhoneId: z.number().int(), name: z.string() })),
  /** The sender's mobile, masked. */
  fromAccount: z.string(),
  /** The receiving account as the sender named it (mobile masked). */
  toAccount: z.string(),
  /** Why it failed, in the viewer's language. */
  reason: z.string().optional(),
  createdAt: z.number().int(),
  /** When it last changed state. */
  updatedAt: z.number().int(),
  history: z.array(z.object({ status: z.enum(TRANSFER_STATUSES), time: z.number().int() })),
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;
export const transferPageSchema = z.object({ list: z.array(transferRecordSchema), total: z.number().int() });
