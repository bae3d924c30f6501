import { z } from 'zod';
import { FILE_KINDS } from './files';
import { PHONE_LOCK_KIND_NAMES, type PhoneAction, type PhoneLockKind } from './phone-access';
import { TASK_STATES } from './sdk';
import { MAIN_CONTROL_MAX_WINDOWS } from './limits';
import { appInputSchema, clientMessageSchema, type ClientMessage } from './stream';
import { SYNC_FOLLOWER_STATES } from './sync';

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
  // The screen now: a task that ends as it starts (issue 21: every host task is one record).
  'screenshot',
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

/**
 * Headers of a host-API call (and of a host's call to the server): signed like an SDK request, with
 * the host key as the secret. The body's sha256 may travel as a header too, so the signature is
 * checked before the body is read.
 */
export const HostApiHeader = {
  time: 'x-host-time',
  signature: 'x-host-signature',
  bodySha256: 'x-host-body-sha256',
  /** On the server's subscription to a host's events: where the host reaches the server back. */
  controlPlaneUrl: 'x-control-plane-url',
  /** On a joined host's calls to the server (issue 32): which host signs, so the server checks its key. */
  hostId: 'x-host-id',
} as const;

// — the host under the policy (issue 20, DESIGN §10)

/**
 * Another host holding followers of a main's session (issue 32): the main's host forwards the main's
 * input to it at `url` (its host API; empty when it has none reachable, and its followers are then
 * offline), signed with `key` — derived from that host's key and the session (`syncForwardKey`), so it
 * drives only that session's phones there. `followers` are their instances, told offline when it fails.
 */
export const hostSyncPeerSchema = z.object({
  url: z.string().max(500),
  key: z.string().max(128),
  followers: z.array(z.string().min(1).max(64)).max(MAIN_CONTROL_MAX_WINDOWS),
});
export type HostSyncPeer = z.infer<typeof hostSyncPeerSchema>;

/**
 * A phone's locks as its host is told them, at a version that only grows: the host keeps the
 * highest version it heard, so a message delivered twice or late changes nothing.
 */
export const hostSyncPlaceSchema = z.object({
  syncId: z.string().min(1).max(100),
  main: z.boolean(),
  paused: z.boolean(),
  /** On the main only: the other hosts of its session. */
  peers: z.array(hostSyncPeerSchema).max(MAIN_CONTROL_MAX_WINDOWS).default([]),
});
export type HostSyncPlace = z.input<typeof hostSyncPlaceSchema>;

/**
 * A phone's ADB endpoint when its owner switched it on (issue 35): the port of the host's range it
 * listens on, the owner's public keys (`adbkey.pub` lines) — no other key is let in — when the owner's
 * time ends (it closes then unless a renewal tells a later one), and the owner's access key: a reboot
 * over ADB is the control plane's to decide, as an SDK reboot is.
 */
export const hostAdbEndpointSchema = z.object({
  port: z.number().int().min(1).max(65_535),
  publicKeys: z.array(z.string().max(2_000)).max(50),
  until: z.number().int(),
  accessKey: z.string().max(1_000),
});
export type HostAdbEndpoint = z.infer<typeof hostAdbEndpointSchema>;

export const hostPhoneStateSchema = z.object({
  instanceNo: z.string().min(1).max(64),
  version: z.number().int().min(0),
  locks: z
    .array(
      z.object({
        kind: z.enum(PHONE_LOCK_KIND_NAMES as [string, ...string[]]),
        holder: z.string().min(1).max(100),
        expiresAt: z.number().int(),
      }),
    )
    .max(50),
  /**
   * The phone's place in a sync session (issue 26): the session's id (its `syncing` lock's holder),
   * whether it is the main — whose input the host replays on the followers — and whether it is paused.
   */
  sync: hostSyncPlaceSchema.nullable().default(null),
  adb: hostAdbEndpointSchema.nullable().default(null),
});
export type HostPhoneState = z.input<typeof hostPhoneStateSchema>;

/**
 * `POST /host-api/phone-states`: phones whose locks changed. The whole state of a host's phones goes
 * in batches of this size (a call's body stays small), each applied by its version.
 */
export const HOST_PHONE_STATES_BATCH = 200;
export const hostPhoneStatesBody = z.object({ phones: z.array(hostPhoneStateSchema).max(HOST_PHONE_STATES_BATCH) });

/** `POST /host-api/revoke`: access to an instance ended at `before` (of `userId`, or everyone's). */
export const hostRevokeBody = z.object({
  instanceNo: z.string().min(1).max(64),
  userId: z.number().int().nullable(),
  before: z.number().int().optional(),
  reason: z.enum(['revoked', 'replaced', 'reset']).optional(),
  /** The phone's ADB endpoint and connections go too: the server decided it (its owner lost the phone). */
  closeAdb: z.boolean().optional(),
});
export type HostRevokeReason = NonNullable<z.infer<typeof hostRevokeBody>['reason']>;

/**
 * A host asks the server to decide an SDK power call (issue 20): the server's policy, function
 * switches, power throttle and locks decide it, as for the same REST call, and the server starts it.
 * The host sends it to `HOST_POWER_PATH`, signed with the host key; the reply is `{ taskId }` or a
 * catalogue refusal.
 */
export const HOST_POWER_PATH = '/api/host/power';
export const hostPowerBody = z.object({
  accessKey: z.string().min(1).max(2_000),
  instanceNo: z.string().min(1).max(64),
  action: z.enum(['restart', 'reset']),
});
export type HostPowerRequest = z.infer<typeof hostPowerBody>;

/**
 * A host takes, renews or releases a lock of one of its phones for a holder of its own (issue 51: an
 * ADB push holds a `pushing` lock while it writes), decided by the server's policy as the same REST
 * action is — the lock must fit beside those held. Sent to `HOST_LOCK_PATH` signed with the host key,
 * in the name of the access key's holder; the reply is when the lock ends (null once released) or a
 * catalogue refusal.
 */
export const HOST_LOCK_PATH = '/api/host/lock';
/** The locks a host may hold, and the action of the access table each is decided as. */
export const HOST_LOCK_ACTIONS = { pushing: 'push' } as const satisfies Partial<Record<PhoneLockKind, PhoneAction>>;
export const hostLockBody = z.object({
  accessKey: z.string().min(1).max(2_000),
  instanceNo: z.string().min(1).max(64),
  kind: z.enum(Object.keys(HOST_LOCK_ACTIONS) as [keyof typeof HOST_LOCK_ACTIONS]),
  action: z.enum(['take', 'renew', 'release']),
  /** The host's own name for what holds the lock (an ADB connection's push). */
  holder: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/),
  /** How long the lock lasts unless renewed. */
  ttlMs: z.number().int().min(1_000).max(3_600_000).default(60_000),
});
export type HostLockRequest = z.infer<typeof hostLockBody>;
export type HostLockReply = { expiresAt: number | null };

/** The host's event stream: task events, and its ask for the whole state of its phones (at start and on reconnect). */
export const HostEventName = { task: 'task', stateWanted: 'state-wanted', syncFollower: 'sync-follower' } as const;

/** The input a main's host forwards to the other hosts of its session: what acts on a phone, nothing else. */
const REPLAYED_INPUT: ReadonlySet<ClientMessage['type']> = new Set([
  'tap',
  'longpress',
  'swipe',
  'touch',
  'scroll',
  'text',
  'key',
  'rotate',
  'clipboard-set',
]);

/**
 * `POST /host-api/sync/:syncId/input` (issue 32): the main's input, replayed on the session's followers
 * of this host; signed with the session's key for this host. The reply says how each took it.
 */
export const hostSyncInputPath = (syncId: string) => `/host-api/sync/${encodeURIComponent(syncId)}/input`;
export const hostSyncInputBody = z.object({
  input: z.union([
    clientMessageSchema.refine((message) => REPLAYED_INPUT.has(message.type), { message: 'not input' }),
    appInputSchema,
  ]),
});
export const hostSyncInputReply = z.object({
  followers: z.array(z.object({ instanceNo: z.string(), state: z.enum(SYNC_FOLLOWER_STATES) })),
});
export type HostSyncInputReply = z.infer<typeof hostSyncInputReply>;

/** A follower of a sync session (issue 26) took the main's input differently than before: its new state. */
export const hostSyncFollowerEventSchema = z.object({
  syncId: z.string(),
  instanceNo: z.string(),
  state: z.enum(SYNC_FOLLOWER_STATES),
});
export type HostSyncFollowerEvent = z.infer<typeof hostSyncFollowerEventSchema>;

// — the calls on a host's phones and their snapshots (issue 21): host-instances.ts
export * from './host-instances';
