import { z } from 'zod';
import { idParam, idSchema, NO_CONTROL, pageNoParam } from './bounds';

/**
 * Files and apps (issue 14; spec §3 "app file", §4 upload and install states, §5 upload rules): the
 * user's library of uploaded files, and pushing them to phones (installing the apps among them).
 */

/** An upload is an app (an APK, parsed on arrival and installable) or any other file (it lands in Files). */
export const FILE_KINDS = ['app', 'file'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** A push batch's id (the server makes it a UUID). */
const batchIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/** The tus endpoint (resumable uploads); each upload's metadata names its batch, kind and checksum. */
export const UPLOAD_PATH = '/api/files/upload';

/**
 * What an upload says of itself in its tus `Upload-Metadata`: its name, kind, the batch of files the
 * user chose together (the 3-files rule counts per batch), and the SHA-256 the browser computed of it
 * (the server verifies the file it received against it).
 */
export const uploadMetadataSchema = z.object({
  filename: z.string().trim().min(1).max(255).regex(NO_CONTROL),
  kind: z.enum(FILE_KINDS),
  batchId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** The tus reply to the last chunk carries the library entry the upload became. */

/** One file of the library. */
export const userFileSchema = z.object({
  fileId: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  kind: z.enum(FILE_KINDS),
  sha256: z.string(),
  /** APKs only: what the launcher will show. */
  packageName: z.string().nullable(),
  label: z.string().nullable(),
  versionName: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  /** The launcher icon as a PNG data URL, when the package has one. */
  icon: z.string().nullable(),
  createdAt: z.number().int(),
  /** Being pushed or installed now: it cannot be deleted (spec §5). */
  busy: z.boolean(),
});
export type UserFile = z.infer<typeof userFileSchema>;

export const filePageQuery = z.object({
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(FILE_KINDS).optional(),
});
export const filePageSchema = z.object({
  list: z.array(userFileSchema),
  total: z.number().int(),
  /** Bytes the user's files take, and the quota the merchant gives each user. */
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type FilePage = z.infer<typeof filePageSchema>;

export const fileIdQuery = z.object({ fileId: idParam });

/**
 * Every (file, phone) pair of a push walks these states (spec §4): waiting push → pushing → push
 * success | push fail; an app to install goes on: installing → install success | install fail.
 */
export const PUSH_STATES = [
  'waiting_push',
  'pushing',
  'push_success',
  'push_failed',
  'installing',
  'install_success',
  'install_failed',
] as const;
export type PushState = (typeof PUSH_STATES)[number];
/** States a pair rests in: its work is over (a failed one may be retried). */
export const FINISHED_PUSH_STATES: readonly PushState[] = [
  'push_success',
  'push_failed',
  'install_success',
  'install_failed',
];
export const FAILED_PUSH_STATES: readonly PushState[] = ['push_failed', 'install_failed'];
/** Why a pair failed; the clients word each in the user's language. */
export const PUSH_FAILURE_REASONS = [
  'offline',
  'busy',
  'storageFull',
  'incompatible',
  'expired',
  'timeout',
  'fileMissing',
  'failed',
] as const;
export type PushFailureReason = (typeof PUSH_FAILURE_REASONS)[number];

export const pushBody = z.object({
  fileIds: z.array(idSchema).min(1).max(20),
  userPhoneIds: z.array(idSchema).min(1).max(200),
  /** Install the apps among the files once they are pushed. */
  install: z.boolean().default(true),
});
export const pushReplySchema = z.object({ batchId: z.string() });

export const pushRecordQuery = z
  .object({
    batchId: batchIdSchema.optional(),
    userPhoneId: idParam.optional(),
    pageNo: pageNoParam,
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => q.batchId !== undefined || q.userPhoneId !== undefined, { message: 'invalidParameter' });

/** One (file, phone) pair of a push: a record of what was pushed and installed where. */
export const pushRecordSchema = z.object({
  pushId: z.number().int(),
  batchId: z.string(),
  fileId: z.number().int(),
  fileName: z.string(),
  kind: z.enum(FILE_KINDS),
  userPhoneId: z.number().int(),
  install: z.boolean(),
  state: z.enum(PUSH_STATES),
  /** 0–100 while pushing or installing. */
  progress: z.number().int(),
  reason: z.enum(PUSH_FAILURE_REASONS).nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type PushRecord = z.infer<typeof pushRecordSchema>;
export const pushRecordPageSchema = z.object({ list: z.array(pushRecordSchema), total: z.number().int() });

export const pushRetryBody = z.object({
  batchId: batchIdSchema,
  userPhoneIds: z.array(idSchema).min(1).max(200),
});
export const pushRetryReplySchema = z.object({ retried: z.number().int() });
