import { z } from 'zod';
import {
  HOST_LOCK_PATH,
  HOST_POWER_PATH,
  hostApplySnapshotBody,
  hostClipboardBody,
  hostCopyUserDataBody,
  hostCreateInstanceBody,
  hostDescribeBody,
  hostDisplaySchema,
  hostFileBody,
  hostInstanceSchema,
  hostLockBody,
  hostModelBody,
  hostNewMachineBody,
  hostOperatorStateBody,
  hostPhoneStatesBody,
  hostPlaceSnapshotBody,
  hostPowerBody,
  hostPushBodySchema,
  hostRevokeBody,
  hostRootBody,
  hostSnapshotBody,
  hostSyncInputBody,
  hostSyncInputReply,
  hostTaskEventSchema,
  hostTaskIdBody,
} from './host-api';
import { HOST_HEARTBEAT_PATH, HOST_JOIN_PATH, hostHeartbeatBody, hostJoinBody, hostJoinReply } from './host-registry';
import { mockModelSchema } from './phones';
import { taskResultSchema } from './sdk';

/**
 * The host API's catalogue (issue 51), as `endpoints/` is for `/api`: every call between the control
 * plane and its device hosts, both ways, with its method, its path (`:name` for a parameter), its body
 * and its reply. The host serves its routes from it, and the server's one host client calls them from
 * it and parses every reply with it — a reply that breaks it is refused by name, not cast.
 *
 * Replies are JSON envelopes `{ code, msg, data }` (a refusal's code is the error catalogue's), but
 * for `bytes`: a screenshot or a snapshot's data, sent as they are.
 */
export interface HostRoute<
  Body extends z.ZodType = z.ZodType,
  Reply extends z.ZodType | 'bytes' = z.ZodType | 'bytes',
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: Body;
  reply: Reply;
}

const route = <Body extends z.ZodType, Reply extends z.ZodType | 'bytes'>(
  method: HostRoute['method'],
  path: string,
  body: Body,
  reply: Reply,
): HostRoute<Body, Reply> => ({ method, path, body, reply });

const none = z.object({}).optional();
const nothing = z.null();
/** A host task, and when the host expects it to end (power operations, settings, templates). */
export const hostTimedTaskSchema = z.object({ taskId: z.string(), finishAt: z.number().optional() });
export const hostSnapshotInfoSchema = z.object({
  size: z.number().int().min(0),
  android: z.string(),
  createdAt: z.number().int(),
});
/** A task as a host tells it when asked: a push's whole event, or a timed task's result. */
export const hostTaskReplySchema = taskResultSchema.extend({
  kind: hostTaskEventSchema.shape.kind.optional(),
  instanceNo: z.string().optional(),
  stage: hostTaskEventSchema.shape.stage,
});

/** What the control plane asks a device host for, under `/host-api`. */
export const HOST_API = {
  models: route('GET', '/models', none, z.array(mockModelSchema)),
  instances: route('GET', '/instances', none, z.array(hostInstanceSchema)),
  describe: route('POST', '/instances/describe', hostDescribeBody, z.array(hostInstanceSchema)),
  createInstance: route('POST', '/instances', hostCreateInstanceBody, hostInstanceSchema),
  instance: route('GET', '/instances/:no', none, hostInstanceSchema),
  /** The phone was given back (a refund, issue 60): a host of devices frees its device; again changes nothing. */
  releaseInstance: route('DELETE', '/instances/:no', none, nothing),
  reboot: route('POST', '/instances/:no/reboot', hostTaskIdBody, hostTimedTaskSchema),
  reset: route('POST', '/instances/:no/reset', hostTaskIdBody, hostTimedTaskSchema),
  newMachine: route('POST', '/instances/:no/new-machine', hostNewMachineBody, hostTimedTaskSchema),
  setResolution: route(
    'PUT',
    '/instances/:no/resolution',
    hostDisplaySchema.extend(hostTaskIdBody.shape),
    hostTimedTaskSchema,
  ),
  setRoot: route('PUT', '/instances/:no/root', hostRootBody, hostTimedTaskSchema),
  setModel: route('PUT', '/instances/:no/model', hostModelBody, hostTimedTaskSchema),
  setOperatorState: route('PUT', '/instances/:no/operator-state', hostOperatorStateBody, nothing),
  screenshot: route('GET', '/instances/:no/screenshot', none, 'bytes'),
  clipboard: route('GET', '/instances/:no/clipboard', none, hostClipboardBody),
  setClipboard: route('PUT', '/instances/:no/clipboard', hostClipboardBody, nothing),
  pushFile: route('POST', '/instances/:no/files', hostFileBody, hostTimedTaskSchema),
  /** The body is the package itself (multipart), signed by its sha256. */
  installApk: route(
    'POST',
    '/instances/:no/apks',
    z.unknown(),
    hostTimedTaskSchema.extend({ packageName: z.string(), label: z.string(), versionName: z.string() }),
  ),
  push: route('POST', '/instances/:no/pushes', hostPushBodySchema, hostTaskEventSchema),
  copyUserData: route('POST', '/instances/:no/copy-user-data', hostCopyUserDataBody, nothing),
  snapshot: route('POST', '/instances/:no/snapshots', hostSnapshotBody, hostTimedTaskSchema),
  applySnapshot: route('POST', '/instances/:no/apply-snapshot', hostApplySnapshotBody, hostTimedTaskSchema),
  snapshotInfo: route('GET', '/snapshots/:id', none, hostSnapshotInfoSchema.nullable()),
  snapshotData: route('GET', '/snapshots/:id/data', none, 'bytes'),
  placeSnapshot: route('POST', '/snapshots/:id/place', hostPlaceSnapshotBody, nothing),
  deleteSnapshot: route('DELETE', '/snapshots/:id', none, nothing),
  task: route('GET', '/tasks/:id', none, hostTaskReplySchema),
  /** A signed event stream (`HostEventName`), not an envelope. */
  events: route('GET', '/events', none, 'bytes'),
  revoke: route('POST', '/revoke', hostRevokeBody, nothing),
  syncInput: route('POST', '/sync/:syncId/input', hostSyncInputBody, hostSyncInputReply),
  phoneStates: route('POST', '/phone-states', hostPhoneStatesBody, nothing),
} as const;

/** Where the host API is mounted on a host's port. */
export const HOST_API_PREFIX = '/host-api';

/** What a device host asks the control plane for, signed with its key. */
export const SERVER_API = {
  join: route('POST', HOST_JOIN_PATH, hostJoinBody, hostJoinReply),
  heartbeat: route('POST', HOST_HEARTBEAT_PATH, hostHeartbeatBody, nothing),
  power: route('POST', HOST_POWER_PATH, hostPowerBody, z.object({ taskId: z.string() })),
  lock: route('POST', HOST_LOCK_PATH, hostLockBody, z.object({ expiresAt: z.number().nullable() })),
} as const;

/** A route's path with its parameters filled in (each encoded). */
export function hostPath(route: HostRoute, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no ${name}`);
    return encodeURIComponent(value);
  });
}
