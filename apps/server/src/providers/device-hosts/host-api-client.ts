import type { Readable } from 'node:stream';
import { z } from 'zod';
import { errorKeyForCode, type ErrorKey } from '@cloudphone/contracts/errors';
import {
  HOST_DESCRIBE_MAX,
  SNAPSHOT_CONTENT_TYPE,
  type HostInstance,
  type HostPhoneState,
  type HostPushRequest,
  type HostRevokeReason,
  type HostTaskEvent,
} from '@cloudphone/contracts/host-api';
import { HOST_API, type HostRoute } from '@cloudphone/contracts/host-api-catalogue';
import type { Language } from '@cloudphone/contracts/locale';
import type { MockModel, PhoneResolution } from '@cloudphone/contracts/phones';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { DeviceHost, HostBytes } from '@cloudphone/device-host';
import { AppError } from '../../services/app-error';
import type { DeviceHostClient, HostEventListener, InstanceInfo, SnapshotInfo, TimedTask } from './device-host-client';
import { EmbeddedTransport } from './embedded-transport';
import type { HostAnswer, HostRouteName, HostTransport } from './host-transport';
import { HttpTransport } from './http-transport';

const TIMEOUT_MS = 5_000;
/** How long a status read waits for a host (issue 49). */
const DESCRIBE_TIMEOUT_MS = 1_500;
/** A host fetches a whole snapshot before it answers. */
const PLACE_TIMEOUT_MS = 10 * 60_000;

const envelopeSchema = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown() });

/** A host answered something its catalogue does not allow: not trusted, and not cast. */
export class HostReplyInvalid extends Error {
  constructor(host: string, route: HostRoute, why: string) {
    super(`device host ${host}: ${route.method} ${route.path} answered out of its catalogue (${why})`);
    this.name = 'HostReplyInvalid';
  }
}

/** A host refused a call: the caller sees the catalogue error the host named. */
export class HostRefusal extends AppError {
  constructor(
    readonly host: string,
    route: HostRoute,
    key: ErrorKey,
  ) {
    super(key);
    this.name = 'HostRefusal';
    this.message = `device host ${host}: ${route.method} ${route.path} refused with ${key}`;
  }
}

type Reply<R extends HostRoute> = R['reply'] extends z.ZodType ? z.infer<R['reply']> : never;

/**
 * The one client of a device host (issue 51), made from the host-API catalogue: every call is one of
 * its routes; a reply that came over the wire (signed, from a host of its own: DESIGN §8) is parsed by
 * its route's schema, and a host's refusal reaches the caller as its catalogue error. In the server's
 * process it calls the embedded host's handlers, which the host's routes are made from.
 */
export class HostApiClient implements DeviceHostClient {
  constructor(
    readonly name: string,
    private readonly transport: HostTransport,
  ) {}

  /** A host of its own, at `apiUrl` (where the server reaches it) and `publicUrl` (where clients do). */
  static overHttp(
    name: string,
    publicUrl: string,
    hostKey: string,
    apiUrl = publicUrl,
    blobUrl: (sha256: string) => string = () => '',
    controlPlaneUrl = '',
  ): HostApiClient {
    return new HostApiClient(name, new HttpTransport(publicUrl, hostKey, apiUrl, blobUrl, controlPlaneUrl));
  }

  /** The host in this process; `readBlob` reads the server's blob store, which it fetches blobs from directly. */
  static embedded(host: DeviceHost, readBlob?: (sha256: string) => Promise<Readable>): HostApiClient {
    return new HostApiClient('embedded', new EmbeddedTransport(host, readBlob));
  }

  get publicUrl(): string {
    return this.transport.publicUrl;
  }

  get online(): boolean {
    return this.transport.online;
  }

  get remote(): boolean {
    return this.transport.remote;
  }

  get adb() {
    return this.transport.adb;
  }

  get capacity() {
    return this.transport.capacity;
  }

  async createInstance(instanceNo: string, options: { language?: Language } = {}): Promise<{ instanceNo: string }> {
    return this.call('createInstance', {}, { instanceNo, ...options });
  }

  /** What the host tells of these phones: asked for them alone, a page at a time (issue 51). */
  async describe(instanceNos: readonly string[]): Promise<Map<string, InstanceInfo>> {
    const found = new Map<string, InstanceInfo>();
    for (let i = 0; i < instanceNos.length; i += HOST_DESCRIBE_MAX) {
      const page = instanceNos.slice(i, i + HOST_DESCRIBE_MAX);
      // A status read does not wait on a host that stopped: the server answers from what it last heard.
      const described = await this.call('describe', {}, { instanceNos: page }, DESCRIBE_TIMEOUT_MS);
      for (const instance of described) found.set(instance.instanceNo, infoOf(instance));
    }
    return found;
  }

  reboot(instanceNo: string, taskId?: string): Promise<TimedTask> {
    return this.call('reboot', { no: instanceNo }, { taskId });
  }

  reset(instanceNo: string, taskId?: string): Promise<TimedTask> {
    return this.call('reset', { no: instanceNo }, { taskId });
  }

  setResolution(instanceNo: string, resolution: PhoneResolution, taskId?: string): Promise<TimedTask> {
    return this.call('setResolution', { no: instanceNo }, { ...resolution, taskId });
  }

  setRoot(instanceNo: string, root: boolean, taskId?: string): Promise<TimedTask> {
    return this.call('setRoot', { no: instanceNo }, { root, taskId });
  }

  setModel(instanceNo: string, manufacturer: string, model: string, taskId?: string): Promise<TimedTask> {
    return this.call('setModel', { no: instanceNo }, { manufacturer, model, taskId });
  }

  newMachine(instanceNo: string, options: { taskId: string; brand?: string }): Promise<{ taskId: string }> {
    return this.call('newMachine', { no: instanceNo }, options);
  }

  models(): Promise<readonly MockModel[]> {
    return this.call('models');
  }

  async screenshot(instanceNo: string): Promise<Buffer> {
    const answer = await this.transport.call('screenshot', { no: instanceNo }, undefined, TIMEOUT_MS);
    if ('wire' in answer && answer.type.startsWith('image/png')) return answer.wire;
    if ('data' in answer) return (answer.data as HostBytes).bytes;
    return this.unwrap('screenshot', answer) as never;
  }

  async task(taskId: string): Promise<TaskResult | undefined> {
    const task = await this.optional(this.call('task', { id: taskId }));
    return task && { taskId: task.taskId, status: task.status, progress: task.progress, reason: task.reason };
  }

  async revoke(
    instanceNo: string,
    userId: number | null,
    before: number,
    reason?: HostRevokeReason,
    closeAdb = false,
  ): Promise<void> {
    await this.call('revoke', {}, { instanceNo, userId, before, closeAdb, ...(reason ? { reason } : {}) });
  }

  async applyPhoneStates(states: readonly HostPhoneState[]): Promise<void> {
    await this.call('phoneStates', {}, { phones: states });
  }

  async copyUserData(fromInstanceNo: string, toInstanceNo: string): Promise<void> {
    await this.call('copyUserData', { no: fromInstanceNo }, { toInstanceNo });
  }

  push(instanceNo: string, request: Omit<HostPushRequest, 'source'>): Promise<HostTaskEvent> {
    const source = this.transport.blobSource(request.sha256);
    return this.call('push', { no: instanceNo }, { ...request, source });
  }

  async pushTask(id: string): Promise<HostTaskEvent | undefined> {
    const task = await this.optional(this.call('task', { id }));
    if (task?.kind !== 'push' || task.instanceNo === undefined) return undefined;
    const { taskId, instanceNo, status, progress, stage, reason } = task;
    return { taskId, kind: 'push', instanceNo, state: status, progress: progress ?? 0, stage, reason };
  }

  subscribe(listener: HostEventListener): () => void {
    return this.transport.subscribe(listener);
  }

  snapshot(instanceNo: string, snapshotId: string, taskId: string): Promise<{ taskId: string }> {
    return this.call('snapshot', { no: instanceNo }, { snapshotId, taskId });
  }

  applySnapshot(
    instanceNo: string,
    snapshotId: string,
    taskId: string,
    options: { newMachine: boolean },
  ): Promise<{ taskId: string }> {
    return this.call('applySnapshot', { no: instanceNo }, { snapshotId, taskId, ...options });
  }

  async snapshotInfo(snapshotId: string): Promise<SnapshotInfo | undefined> {
    return (await this.call('snapshotInfo', { id: snapshotId })) ?? undefined;
  }

  readSnapshot(snapshotId: string): Promise<Readable | undefined> {
    return this.transport.stream('snapshotData', { id: snapshotId }, SNAPSHOT_CONTENT_TYPE);
  }

  async placeSnapshot(snapshotId: string, blob: { sha256: string; size: number }): Promise<void> {
    const body = { ...blob, source: this.transport.blobSource(blob.sha256) };
    await this.call('placeSnapshot', { id: snapshotId }, body, PLACE_TIMEOUT_MS);
  }

  async releaseInstance(instanceNo: string): Promise<void> {
    await this.call('releaseInstance', { no: instanceNo });
  }

  async deleteSnapshot(snapshotId: string): Promise<void> {
    await this.call('deleteSnapshot', { id: snapshotId });
  }

  /**
   * One call of the catalogue: its reply's data — parsed by the route's schema when it came over the
   * wire; as the handler gave it, typed by the same catalogue, from the host in this process.
   */
  private async call<N extends HostRouteName>(
    name: N,
    params: Record<string, string> = {},
    body?: object,
    timeoutMs = TIMEOUT_MS,
  ): Promise<Reply<(typeof HOST_API)[N]>> {
    return this.unwrap(name, await this.transport.call(name, params, body, timeoutMs)) as Reply<(typeof HOST_API)[N]>;
  }

  private unwrap(name: HostRouteName, answer: HostAnswer): unknown {
    const route = HOST_API[name];
    if ('refused' in answer) throw new HostRefusal(this.name, route, answer.refused);
    if ('data' in answer) return answer.data;
    let json: unknown;
    try {
      json = JSON.parse(answer.wire.toString('utf8'));
    } catch {
      throw new HostReplyInvalid(this.name, route, 'not JSON');
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) throw new HostReplyInvalid(this.name, route, 'no envelope');
    const { code, data } = envelope.data;
    if (code !== 0) throw new HostRefusal(this.name, route, errorKeyForCode(code) ?? 'systemException');
    if (route.reply === 'bytes') throw new HostReplyInvalid(this.name, route, 'an envelope for bytes');
    const parsed = route.reply.safeParse(data);
    if (!parsed.success) throw new HostReplyInvalid(this.name, route, parsed.error.issues[0]?.message ?? 'schema');
    return parsed.data;
  }

  /** What a lookup found, or undefined when the host has none of it; a host that did not answer throws. */
  private optional<T>(lookup: Promise<T>): Promise<T | undefined> {
    return lookup.catch((error: unknown) => {
      if (error instanceof HostRefusal && error.key === 'notFound') return undefined;
      throw error;
    });
  }
}

/**
 * One literal, field by field: a page of the list describes each of its phones (issue 34), and a
 * spread of the identity cost ten times as much (11 µs a phone, measured under tsx).
 */
function infoOf({
  identity,
  status,
  display,
  root,
  language,
  viewers,
  controllers,
  lacks,
}: HostInstance): InstanceInfo {
  return {
    status,
    manufacturer: identity.manufacturer,
    brand: identity.brand,
    model: identity.model,
    android: identity.android,
    imei: identity.imei,
    serial: identity.serial,
    display,
    root,
    language,
    viewers,
    controllers,
    lacks,
  };
}
