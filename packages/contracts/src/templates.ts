import { z } from 'zod';
import { idParam, idSchema, pageNoParam } from './bounds';
import { nameSchema } from './validation';

/**
 * Clone templates and clones (spec §1, §3, §4, issue 15). A template is a snapshot of one phone's
 * user data — apps, files, notes, clipboard, settings, the idle game's progress — kept by the host;
 * a clone puts a template's data on chosen phones of the same Android version.
 */

/** spec §4: creating → ready | create fail; deleting → removed; expired when its days run out. */
export const TEMPLATE_STATES = ['creating', 'ready', 'create_fail', 'deleting', 'removed', 'expired'] as const;
export type TemplateState = (typeof TEMPLATE_STATES)[number];

/** A phone of a clone: waiting for its turn, being cloned, then done either way. */
export const CLONE_TARGET_STATES = ['waiting', 'cloning', 'success', 'failed'] as const;
export type CloneTargetState = (typeof CLONE_TARGET_STATES)[number];

/** Why a phone was not cloned, in words the client shows. */
export const CLONE_FAILURE_REASONS = ['offline', 'incompatible', 'timeout', 'failed'] as const;
export type CloneFailureReason = (typeof CLONE_FAILURE_REASONS)[number];

/** A clone as a whole: under way while any phone is, then how it ended. */
export const CLONE_STATES = ['cloning', 'success', 'partial', 'failed'] as const;
export type CloneState = (typeof CLONE_STATES)[number];

/** How many phones one clone may name at most, whatever a tenant configures (`clone.batch.count`). */
export const CLONE_BATCH_HARD_MAX = 100;

/** Ids the control plane gives a template's snapshot and the host tasks it runs (server-chosen, for retries). */
export const SNAPSHOT_ID_PATTERN = /^tpl-[0-9a-f]{16}$/;
export const HOST_TASK_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

const pageQuery = z.object({
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const createTemplateBody = z.object({ userPhoneId: idSchema, name: nameSchema });
export const templateIdReply = z.object({ templateId: z.number().int() });
export const templateIdQuery = z.object({ templateId: idParam });
export const templatePageQuery = pageQuery;

export const templateSchema = z.object({
  templateId: z.number().int(),
  name: z.string(),
  state: z.enum(TEMPLATE_STATES),
  /** 0–100 while creating; 100 once ready. */
  progress: z.number().int().min(0).max(100),
  /** Bytes of user data it holds (0 until it is made). */
  size: z.number().int(),
  createTime: z.number().int(),
  expireTime: z.number().int(),
  /** Whole days until it expires, rounded up; 0 once expired. */
  daysLeft: z.number().int(),
  /** The Android version it was made on: it clones only onto phones of that version. */
  android: z.string(),
  /** The phone it was made from, and its name. */
  userPhoneId: z.number().int(),
  phoneName: z.string(),
});
export type Template = z.infer<typeof templateSchema>;
export const templatePageSchema = z.object({ list: z.array(templateSchema), total: z.number().int() });

export const createCloneBody = z.object({
  templateId: idSchema,
  userPhoneIds: z
    .array(idSchema)
    .min(1)
    .max(CLONE_BATCH_HARD_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'each phone once'),
  /** Also give each phone a new identity (brand, model, IMEI, serial), as a one-key new machine does. */
  newMachine: z.boolean().default(false),
});
export const cloneIdReply = z.object({ cloneId: z.number().int() });
export const clonePageQuery = pageQuery;

export const cloneTargetSchema = z.object({
  userPhoneId: z.number().int(),
  phoneName: z.string(),
  state: z.enum(CLONE_TARGET_STATES),
  progress: z.number().int().min(0).max(100),
  reason: z.enum(CLONE_FAILURE_REASONS).nullable(),
});
export type CloneTarget = z.infer<typeof cloneTargetSchema>;

export const cloneRecordSchema = z.object({
  cloneId: z.number().int(),
  templateId: z.number().int(),
  templateName: z.string(),
  newMachine: z.boolean(),
  state: z.enum(CLONE_STATES),
  createTime: z.number().int(),
  /** Until when the record (and the retries of its phones) stays (`clone.expire.hours`). */
  expireTime: z.number().int(),
  targets: z.array(cloneTargetSchema),
});
export type CloneRecord = z.infer<typeof cloneRecordSchema>;
export const clonePageSchema = z.object({ list: z.array(cloneRecordSchema), total: z.number().int() });

/** A clone's state from its phones': under way while any is, else how many made it. */
export function cloneStateOf(targets: readonly { state: CloneTargetState }[]): CloneState {
  if (targets.some((t) => t.state === 'waiting' || t.state === 'cloning')) return 'cloning';
  const succeeded = targets.filter((t) => t.state === 'success').length;
  if (succeeded === targets.length) return 'success';
  return succeeded === 0 ? 'failed' : 'partial';
}
