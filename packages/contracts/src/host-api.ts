import { z } from 'zod';
import { FILE_KINDS } from './files';
import { TASK_STATES } from './sdk';

/**
 * The host API's contract (DESIGN §10): what the control plane asks a device host for, and the
 * events a host reports its tasks with. Every long host operation is a task with an id; the host
 * tells each change of a task (its progress, its state, why it failed) on one signed event stream,
 * `GET /host-api/events`, which the server subscribes to for every host it knows. Pushes, installs,
 * templates and clones use it; sync progress travels on it later.
 */
export const HOST_TASK_KINDS = [
  'reboot',
  'reset',
  'new-machine',
  'set-resolution',
  'set-model',
  'set-root',
  'install-apk',
  'push-file',
  'push',
  // Templates (issue 15): a phone's user data taken as a snapshot, and a snapshot put on a phone.
  'snapshot',
  'apply-snapshot',
] as const;
export type HostTaskKind = (typeof HOST_TASK_KINDS)[number];

/** Why a host task failed, in words the server maps to what users see. */
export const HOST_FAILURE_REASONS = [
  'offline',
  'busy',
  'storageFull',
  'incompatible',
  'fileMissing',
  'failed',
] as const;
export type HostFailureReason = (typeof HOST_FAILURE_REASONS)[number];

/** A task of a host moved on. `stage` says which step a push is at (fetching the file, or installing it). */
export const hostTaskEventSchema = z.object({
  taskId: z.string(),
  kind: z.enum(HOST_TASK_KINDS),
  instanceNo: z.string(),
  state: z.enum(TASK_STATES),
  /** 0–100 */
  progress: z.number().int().min(0).max(100),
  stage: z.enum(['fetch', 'install']).optional(),
  reason: z.string().optional(),
});
export type HostTaskEvent = z.infer<typeof hostTaskEventSchema>;

/** The whole state of a task, as `GET /host-api/tasks/:id` tells it. */
export const hostTaskSchema = hostTaskEventSchema;
export type HostTask = HostTaskEvent;

/**
 * A push: the host fetches the blob `sha256` from `source` (a signed URL of the server, or the
 * embedded store), keeps it in its cache, checks its hash, then puts it in the phone's Files, or
 * installs it. `taskId` is chosen by the server, so asking twice (after a crash) runs it once.
 */
export const hostPushBodySchema = z.object({
  taskId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  kind: z.enum(FILE_KINDS),
  install: z.boolean(),
  source: z.string().min(1).max(2_000),
});
export type HostPushRequest = z.infer<typeof hostPushBodySchema>;
