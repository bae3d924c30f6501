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
import { HOST_API, HOST_API_PREFIX, hostPath, type HostRoute } from '@cloudphone/contracts/host-api-catalogue';
import type { Language } from '@cloudphone/contracts/locale';
import type { MockModel, PhoneResolution } from '@cloudphone/contracts/phones';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { DeviceHost } from '@cloudphone/device-host';
import { AppError } from '../../http/app-error';
import type { DeviceHostClient, HostEventListener, InstanceInfo, SnapshotInfo, TimedTask } from './device-host-client';
import { EmbeddedTransport } from './embedded-transport';
import type { HostTransport } from './host-transport';
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
 * The one client of a device host (issue 51), made from the host-API catalogue: it signs each call,
 * parses every reply by its route's schema and turns a host's refusal into its catalogue error. Over
 * HTTP it drives a host of its own (DESIGN §8); in the server's process, the embedded host's routes.
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

  get adb() {
    return this.transport.adb;
  }

  async createInstance(instanceNo: string, options: { language?: Language } = {}): Promise<{ instanceNo: string }> {
    return this.call(HOST_API.createInstance, {}, { instanceNo, ...options });
  }

  /** What the host tells of these phones: asked for them alone, a page at a time (issue 51). */
  async describe(instanceNos: readonly string[]): Promise<Map<string, InstanceInfo>> {
    const found = new Map<string, InstanceInfo>();
    for (let i = 0; i < instanceNos.length; i += HOST_DESCRIBE_MAX) {
      const page = instanceNos.slice(i, i + HOST_DESCRIBE_MAX);
      // A status read does not wait on a host that stopped: the server answers from what it last heard.
      const described = await this.call(HOST_API.describe, {}, { instanceNos: page }, DESCRIBE_TIMEOUT_MS);
      for (const instance of described) found.set(instance.instanceNo, infoOf(instance));
    }
    return found;
  }

  reboot(instanceNo: string, taskId?: string): Promise<TimedTask> {
    return this.call(HOST_API.reboot, { no: instanceNo }, { taskId });
  }

  reset(instanceNo: string, taskId?: string): Promise<TimedTask> {
    return this.call(HOST_API.reset, { no: instanceNo }, { taskId });
  }

  setResolution(instanceNo: string, resolution: PhoneResolution, taskId?: string): Promise<TimedTask> {
    return this.call(HOST_API.setResolution, { no: instanceNo }, { ...resolution, taskId });
  }

  setRoot(instanceNo: string, root: boolean, taskId?: string): Promise<TimedTask> {
    return this.call(HOST_API.setRoot, { no: instanceNo }, { root, taskId });
  }

  setModel(instanceNo: string, manufacturer: string, model: string, taskId?: string): Promise<TimedTask> {
    return this.call(HOST_API.setModel, { no: instanceNo }, { manufacturer, model, taskId });
  }

  newMachine(instanceNo: string, options: { taskId: string; brand?: string }): Promise<{ taskId: string }> {
    return this.call(HOST_API.newMachine, { no: instanceNo }, options);
  }

  models(): Promise<readonly MockModel[]> {
    return this.call(HOST_API.models);
  }

  async screenshot(instanceNo: string): Promise<Buffer> {
    const route = HOST_API.screenshot;
    const reply = await this.transport.send(route.method, this.path(route, { no: instanceNo }), '', TIMEOUT_MS);
    if (reply.type.startsWith('image/png')) return reply.body;
    return this.unwrap(route, reply.body) as never;
  }

  async task(taskId: string): Promise<TaskResult | undefined> {
    const task = await this.optional(this.call(HOST_API.task, { id: taskId }));
    return task && { taskId: task.taskId, status: task.status, progress: task.progress, reason: task.reason };
  }

  async revoke(instanceNo: string, userId: number | null, before: number, reason?: HostRevokeReason): Promise<void> {
    await this.call(HOST_API.revoke, {}, { instanceNo, userId, before, ...(reason ? { reason } : {}) });
  }

  async applyPhoneStates(states: readonly HostPhoneState[]): Promise<void> {
    await this.call(HOST_API.phoneStates, {}, { phones: states });
  }

  async copyUserData(fromInstanceNo: string, toInstanceNo: string): Promise<void> {
    await this.call(HOST_API.copyUserData, { no: fromInstanceNo }, { toInstanceNo });
  }

  push(instanceNo: string, request: Omit<HostPushRequest, 'source'>): Promise<HostTaskEvent> {
    const source = this.transport.blobSource(request.sha256);
    return this.call(HOST_API.push, { no: instanceNo }, { ...request, source });
  }

  async pushTask(id: string): Promise<HostTaskEvent | undefined> {
    const task = await this.optional(this.call(HOST_API.task, { id }));
    if (task?.kind !== 'push' || task.instanceNo === undefined) return undefined;
    const { taskId, instanceNo, status, progress, stage, reason } = task;
    return { taskId, kind: 'push', instanceNo, state: status, progress: progress ?? 0, stage, reason };
  }

  subscribe(listener: HostEventListener): () => void {
    return this.transport.subscribe(listener);
  }

  snapshot(instanceNo: string, snapshotId: string, taskId: string): Promise<{ taskId: string }> {
    return this.call(HOST_API.snapshot, { no: instanceNo }, { snapshotId, taskId });
  }

  applySnapshot(
    instanceNo: string,
    snapshotId: string,
    taskId: string,
    options: { newMachine: boolean },
  ): Promise<{ taskId: string }> {
    return this.call(HOST_API.applySnapshot, { no: instanceNo }, { snapshotId, taskId, ...options });
  }

  async snapshotInfo(snapshotId: string): Promise<SnapshotInfo | undefined> {
    return (await this.call(HOST_API.snapshotInfo, { id: snapshotId })) ?? undefined;
  }

  readSnapshot(snapshotId: string): Promise<Readable | undefined> {
    return this.transport.stream(this.path(HOST_API.snapshotData, { id: snapshotId }), SNAPSHOT_CONTENT_TYPE);
  }

  async placeSnapshot(snapshotId: string, blob: { sha256: string; size: number }): Promise<void> {
    const body = { ...blob, source: this.transport.blobSource(blob.sha256) };
    await this.call(HOST_API.placeSnapshot, { id: snapshotId }, body, PLACE_TIMEOUT_MS);
  }

  async deleteSnapshot(snapshotId: string): Promise<void> {
    await this.call(HOST_API.deleteSnapshot, { id: snapshotId });
  }

  /** One call of the catalogue: its reply's data, parsed by the route's schema. */
  private async call<R extends HostRoute>(
    route: R,
    params: Record<string, string> = {},
    body?: object,
    timeoutMs = TIMEOUT_MS,
  ): Promise<Reply<R>> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const reply = await this.transport.send(route.method, this.path(route, params), text, timeoutMs);
    return this.unwrap(route, reply.body) as Reply<R>;
  }

  private unwrap(route: HostRoute, body: Buffer): unknown {
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
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

  private path(route: HostRoute, params: Record<string, string>): string {
    return HOST_API_PREFIX + hostPath(route, params);
  }
}

function infoOf(instance: HostInstance): InstanceInfo {
  return {
    ...instance.identity,
    status: instance.status,
    display: instance.display,
    root: instance.root,
    language: instance.language,
    viewers: instance.viewers,
    controllers: instance.controllers,
  };
}
