import { z } from 'zod';
import { PHONE_CAPABILITIES } from './phone-capabilities';
import { LANGUAGES } from './locale';
import { INSTANCE_NO_PATTERN } from './sdk';
import { HOST_TASK_ID_PATTERN, SNAPSHOT_ID_PATTERN } from './templates';

// The host API's calls on a host's phones, its instances (issue 21: one host contract; re-exported by
// host-api.ts): making, describing and setting them, and the snapshots of their user data that
// templates and clones are made of (issue 15).

/** A task the server names (a retry answers the same task): reboot, reset and settings take one. */
export const hostTaskIdBody = z.object({
  taskId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .optional(),
});

/** A display a phone can be set to. */
export const hostDisplaySchema = z.object({
  width: z.number().int().min(240).max(2160),
  height: z.number().int().min(320).max(3840),
  dpi: z.number().int().min(120).max(640),
});

/**
 * `POST /host-api/instances/describe` (issue 51): the phones the control plane names, and no others — a
 * page of a phone list asks its host for that page's phones, however many the host runs. Those the
 * host does not have are left out of the reply.
 */
export const HOST_DESCRIBE_MAX = 200;
export const hostDescribeBody = z.object({
  instanceNos: z.array(z.string().min(1).max(64)).max(HOST_DESCRIBE_MAX),
});

/** `POST /host-api/instances`: a phone the control plane names (a retry answers the same one). */
export const hostCreateInstanceBody = z.object({
  instanceNo: z.string().regex(INSTANCE_NO_PATTERN).optional(),
  display: hostDisplaySchema.optional(),
  language: z.enum(LANGUAGES).optional(),
});

/** What a host tells of one of its phones (`GET /host-api/instances`). */
export const hostInstanceSchema = z.object({
  instanceNo: z.string(),
  status: z.enum(['booting', 'online', 'restarting', 'resetting', 'maintenance', 'offline', 'abnormal', 'expired']),
  identity: z.object({
    brand: z.string(),
    manufacturer: z.string(),
    model: z.string(),
    name: z.string(),
    android: z.string(),
    imei: z.string(),
    serial: z.string(),
    androidId: z.string(),
  }),
  display: hostDisplaySchema,
  root: z.boolean(),
  language: z.enum(LANGUAGES),
  /** Streams open to it now. */
  viewers: z.number().int(),
  /** Of those, the ones that may drive it (not a view grant's). */
  controllers: z.number().int().default(0),
  /** What its driver cannot do (issue 61): a handset's new machine, reset, snapshots. */
  lacks: z.array(z.enum(PHONE_CAPABILITIES)).default([]),
});
export type HostInstance = z.infer<typeof hostInstanceSchema>;

/** `POST /host-api/instances/:no/new-machine`: within a brand when named, as the task the server names. */
export const hostNewMachineBody = z.object({
  taskId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .optional(),
  brand: z.string().min(1).max(50).optional(),
});
export const hostRootBody = hostTaskIdBody.extend({ root: z.boolean() });
export const hostModelBody = hostTaskIdBody.extend({ manufacturer: z.string(), model: z.string() });
export const hostOperatorStateBody = z.object({ state: z.enum(['maintenance', 'offline', 'abnormal']).nullable() });
export const hostClipboardBody = z.object({ text: z.string().max(20_000) });
export const hostFileBody = z.object({ name: z.string().min(1).max(255), size: z.number().int().min(0) });
export const hostCopyUserDataBody = z.object({ toInstanceNo: z.string().regex(INSTANCE_NO_PATTERN) });
/** Templates (issue 15): a phone's user data taken as a snapshot, and a snapshot put on a phone. */
export const hostSnapshotBody = z.object({
  snapshotId: z.string().regex(SNAPSHOT_ID_PATTERN),
  taskId: z.string().regex(HOST_TASK_ID_PATTERN),
});
export const hostApplySnapshotBody = hostSnapshotBody.extend({ newMachine: z.boolean().default(false) });

/**
 * A snapshot of a phone's user data (issue 15): what a clone template is on a host. The control
 * plane names it; it applies to any phone of the same Android version, and moves between hosts.
 */
export const hostSnapshotSchema = z.object({
  id: z.string().regex(SNAPSHOT_ID_PATTERN),
  /** The phone it was taken from. */
  instanceNo: z.string(),
  /** The Android version of that phone: a snapshot applies only to phones of the same version. */
  android: z.string(),
  createdAt: z.number().int(),
  size: z.number().int().min(0),
  data: z.object({
    apps: z.array(
      z.object({
        packageName: z.string(),
        label: z.string(),
        versionName: z.string(),
        icon: z.string(),
        size: z.number().int().optional(),
        installedAt: z.number().int(),
      }),
    ),
    files: z.array(z.object({ name: z.string(), size: z.number().int(), time: z.number().int() })),
    notes: z.string(),
    clipboard: z.string(),
    language: z.enum(LANGUAGES),
    gamePlayedMs: z.number().int().min(0),
  }),
});
export type HostSnapshot = z.infer<typeof hostSnapshotSchema>;
/** What a host tells of a snapshot without its data. */
export type HostSnapshotInfo = Omit<HostSnapshot, 'data'>;
/** A snapshot's bytes, as a host hands them to the blob store: JSON, of any size. */
export const SNAPSHOT_CONTENT_TYPE = 'application/vnd.cloudphone.snapshot+json';
/**
 * `POST /host-api/snapshots/:id/place`: the host fetches the snapshot's blob by its hash from
 * `source` (a signed URL of the server's blob store) and keeps it (issue 21: snapshots are blobs).
 */
export const hostPlaceSnapshotBody = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().min(0),
  source: z.string().min(1).max(2_000),
});
