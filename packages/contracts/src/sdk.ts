import { z } from 'zod';
import { idParam, idSchema } from './bounds';
import { SECURITY_TOKEN_BATCH_MAX } from './limits';
import type { PhoneRole } from './phone-access';
import type { Permission } from './stream';

/**
 * The security token and SDK signing of DESIGN §4. The access key is `base64url(json claims).mac`,
 * signed with the key shared only by server and device host, so the host checks it without a
 * database. The secret key is derived from the access key with the same key, so the host can
 * recompute it to check an SDK request's signature.
 */
export interface AccessClaims {
  /** user id */
  u: number;
  /** instance number on the host */
  i: string;
  /** control | view */
  p: Permission;
  /**
   * The holder's role (issue 20): owner, control or view grantee, so the host reads the access table
   * for what the key may do; a key issued before roles were carried goes by `p`.
   */
  r?: PhoneRole;
  /** The client the key was issued through: its function switches apply to what the key does. */
  c?: number;
  /**
   * The sync session (issue 26) the owner's phone was in when the key was issued: only input that
   * carries it drives a phone in sync, and the host replays the main's on its followers.
   */
  s?: string;
  /** The holder's data saver, kbps (issue 58): the stream's "auto" never climbs above it. */
  b?: number;
  /** expiry, epoch ms */
  e: number;
  /** issued at, epoch ms: access ended early refuses every key issued before the moment it ended */
  n: number;
}

export const securityTokenQuery = z.object({
  userPhoneId: idParam,
  validTime: z.coerce.number().int().min(60).max(86_400).default(86_400),
});

export const securityTokenSchema = z.object({
  accessKey: z.string(),
  secretKey: z.string(),
  expireTime: z.number().int(),
  sdkUrl: z.string(),
  streamUrl: z.string(),
  instanceNo: z.string(),
  permission: z.enum(['control', 'view']),
});
export type SecurityToken = z.infer<typeof securityTokenSchema>;

/** Many phones' keys in one call (issue 23): view keys for previews and grids, no secret key. */
export const securityTokenBatchBody = z.object({
  userPhoneIds: z.array(idSchema).min(1).max(SECURITY_TOKEN_BATCH_MAX),
});
/** One phone's view key; a phone the caller cannot watch now (not theirs, expired) is left out of the reply. */
export const viewKeySchema = z.object({
  userPhoneId: z.number().int(),
  accessKey: z.string(),
  expireTime: z.number().int(),
  streamUrl: z.string(),
  permission: z.enum(['control', 'view']),
});
export type ViewKey = z.infer<typeof viewKeySchema>;

/** SDK requests older or newer than this are refused. */
export const SDK_MAX_SKEW_MS = 5 * 60_000;

/** What an instance number looks like (`cp-` and 12 hex digits); the control plane chooses it when it orders a phone. */
export const INSTANCE_NO_PATTERN = /^cp-[0-9a-f]{12}$/;

export const SdkHeader = {
  accessKey: 'x-access-key',
  requestTime: 'x-request-time',
  signature: 'x-signature',
} as const;

/** The string an SDK request signs: method, path as sent, request time and the body's sha256, one per line. */
export function sdkCanonicalString(method: string, path: string, requestTime: string, bodySha256Hex: string): string {
  return [method.toUpperCase(), path, requestTime, bodySha256Hex].join('\n');
}

export const instanceBody = z.object({ instanceNo: z.string().min(1) });
export const taskBody = z.object({ taskId: z.string().min(1) });
export const TASK_STATES = ['pending', 'running', 'success', 'failed'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const taskResultSchema = z.object({
  taskId: z.string(),
  status: z.enum(TASK_STATES),
  /** 0–100, as far as the host can tell. */
  progress: z.number().int().min(0).max(100).optional(),
  reason: z.string().optional(),
});
export type TaskResult = z.infer<typeof taskResultSchema>;
