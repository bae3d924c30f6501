import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { Readable } from 'node:stream';
import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import {
  HOST_DESCRIBE_MAX,
  HostApiHeader,
  SNAPSHOT_CONTENT_TYPE,
  type HostInstance,
  type HostPhoneState,
  type HostPushRequest,
  type HostRevokeReason,
  type HostTaskEvent,
} from '@cloudphone/contracts/host-api';
import type { Language } from '@cloudphone/contracts/locale';
import type { MockModel, PhoneResolution } from '@cloudphone/contracts/phones';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { DeviceHostClient, HostEventListener, InstanceInfo, SnapshotInfo, TimedTask } from './device-host-client';
import { followHostEvents } from './host-event-stream';

const TIMEOUT_MS = 5_000;
/** How long a status read waits for a host (issue 49). */
const DESCRIBE_TIMEOUT_MS = 1_500;
const instancePath = (instanceNo: string) => `/host-api/instances/${encodeURIComponent(instanceNo)}`;
const snapshotPath = (snapshotId: string) => `/host-api/snapshots/${encodeURIComponent(snapshotId)}`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A body sent as it is, with its own type (a snapshot copied between hosts), rather than as JSON. */
class RawBody {
  constructor(
    readonly text: string,
    readonly type: string,
  ) {}
}

/**
 * A device host in its own process or machine (DESIGN §8), driven over its host API, every call
 * signed with the key the control plane and its hosts share.
 */
export class HttpHostClient implements DeviceHostClient {
  /** While the host's event stream is open. */
  online = false;

  constructor(
    readonly name: string,
    readonly publicUrl: string,
    private readonly hostKey: string,
    /** Where the control plane reaches the host, when that differs from where clients do. */
    private readonly apiUrl = publicUrl,
    /** The signed URL the host fetches a blob from (the server's, as the host reaches it). */
    private readonly blobUrl: (sha256: string) => string = () => '',
    /** Where the host reaches this server back (`SERVER_URL`). */
    private readonly controlPlaneUrl = '',
  ) {}

  async createInstance(instanceNo: string, options: { language?: Language } = {}): Promise<{ instanceNo: string }> {
    return this.call<HostInstance>('POST', '/host-api/instances', { instanceNo, ...options });
  }

  /** What the host tells of these phones: asked for them alone, a page at a time (issue 51). */
  async describe(instanceNos: readonly string[]): Promise<Map<string, InstanceInfo>> {
    const found = new Map<string, InstanceInfo>();
    for (let i = 0; i < instanceNos.length; i += HOST_DESCRIBE_MAX) {
      const page = instanceNos.slice(i, i + HOST_DESCRIBE_MAX);
      // A status read does not wait on a host that stopped: the server answers from what it last heard.
      const described = await this.call<HostInstance[]>(
        'POST',
        '/host-api/instances/describe',
        { instanceNos: page },
        DESCRIBE_TIMEOUT_MS,
      );
      for (const instance of described)
        found.set(instance.instanceNo, {
          ...instance.identity,
          status: instance.status,
          display: instance.display,
          root: instance.root,
          language: instance.language,
          viewers: instance.viewers,
          controllers: instance.controllers,
        });
    }
    return found;
  }

  reboot(instanceNo: string, taskId?: string): Promise<TimedTask> {
    return this.call('POST', `${instancePath(instanceNo)}/reboot`, { taskId });
  }

  reset(instanceNo: string, taskId?: string): Promise<TimedTask> {
    return this.call('POST', `${instancePath(instanceNo)}/reset`, { taskId });
  }

  setResolution(instanceNo: string, resolution: PhoneResolution, taskId?: string): Promise<TimedTask> {
    return this.call('PUT', `${instancePath(instanceNo)}/resolution`, { ...resolution, taskId });
  }

  setRoot(instanceNo: string, root: boolean, taskId?: string): Promise<TimedTask> {
    return this.call('PUT', `${instancePath(instanceNo)}/root`, { root, taskId });
  }

  setModel(instanceNo: string, manufacturer: string, model: string, taskId?: string): Promise<TimedTask> {
    return this.call('PUT', `${instancePath(instanceNo)}/model`, { manufacturer, model, taskId });
  }

  newMachine(instanceNo: string, options: { taskId: string; brand?: string }): Promise<{ taskId: string }> {
    return this.call('POST', `${instancePath(instanceNo)}/new-machine`, options);
  }

  models(): Promise<readonly MockModel[]> {
    return this.call('GET', '/host-api/models');
  }

  async screenshot(instanceNo: string): Promise<Buffer> {
    const response = await this.send('GET', `${instancePath(instanceNo)}/screenshot`);
    if (!response.headers.get('content-type')?.startsWith('image/png'))
      throw new Error(`device host ${this.name}: no screenshot of ${instanceNo}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async task(taskId: string): Promise<TaskResult | undefined> {
    return this.call<TaskResult>('GET', `/host-api/tasks/${encodeURIComponent(taskId)}`).catch(() => undefined);
  }

  async revoke(instanceNo: string, userId: number | null, before: number, reason?: HostRevokeReason): Promise<void> {
    await this.call('POST', '/host-api/revoke', { instanceNo, userId, before, ...(reason ? { reason } : {}) });
  }

  async applyPhoneStates(states: readonly HostPhoneState[]): Promise<void> {
    await this.call('POST', '/host-api/phone-states', { phones: states });
  }

  async copyUserData(fromInstanceNo: string, toInstanceNo: string): Promise<void> {
    await this.call('POST', `${instancePath(fromInstanceNo)}/copy-user-data`, { toInstanceNo });
  }

  push(instanceNo: string, request: Omit<HostPushRequest, 'source'>): Promise<HostTaskEvent> {
    return this.call('POST', `${instancePath(instanceNo)}/pushes`, {
      ...request,
      source: this.blobUrl(request.sha256),
    });
  }

  async pushTask(taskId: string): Promise<HostTaskEvent | undefined> {
    const task = await this.call<HostTaskEvent & { kind?: string }>(
      'GET',
      `/host-api/tasks/${encodeURIComponent(taskId)}`,
    ).catch(() => undefined);
    return task?.kind === 'push' ? task : undefined;
  }

  subscribe(listener: HostEventListener): () => void {
    // The host learns where to ask this server back (SDK power calls) from the subscription.
    const headers: Record<string, string> = this.controlPlaneUrl
      ? { [HostApiHeader.controlPlaneUrl]: this.controlPlaneUrl }
      : {};
    return followHostEvents(
      this.hostKey,
      (signal) => this.send('GET', '/host-api/events', undefined, signal, headers),
      listener,
      (up) => (this.online = up),
    );
  }

  snapshot(instanceNo: string, snapshotId: string, taskId: string): Promise<{ taskId: string }> {
    return this.call('POST', `${instancePath(instanceNo)}/snapshots`, { snapshotId, taskId });
  }

  applySnapshot(
    instanceNo: string,
    snapshotId: string,
    taskId: string,
    options: { newMachine: boolean },
  ): Promise<{ taskId: string }> {
    return this.call('POST', `${instancePath(instanceNo)}/apply-snapshot`, { snapshotId, taskId, ...options });
  }

  async snapshotInfo(snapshotId: string): Promise<SnapshotInfo | undefined> {
    return (await this.call<SnapshotInfo | null>('GET', snapshotPath(snapshotId))) ?? undefined;
  }

  async readSnapshot(snapshotId: string): Promise<Readable | undefined> {
    // Streamed as it comes, over node:http so the socket is read only as fast as the blob store
    // writes (fetch's body reads ahead): a snapshot of a real phone may be gigabytes (issue 21).
    const path = `${snapshotPath(snapshotId)}/data`;
    const reply = await new Promise<IncomingMessage>((resolve, reject) =>
      (this.apiUrl.startsWith('https:') ? httpsGet : httpGet)(
        `${this.apiUrl}${path}`,
        { headers: hostCallHeaders(this.hostKey, 'GET', path, '', Date.now()), timeout: TIMEOUT_MS },
        resolve,
      ).on('error', reject),
    );
    if (reply.statusCode !== 200 || !reply.headers['content-type']?.startsWith(SNAPSHOT_CONTENT_TYPE)) {
      reply.resume();
      return undefined;
    }
    return reply;
  }

  async placeSnapshot(snapshotId: string, blob: { sha256: string; size: number }): Promise<void> {
    // The host fetches the whole snapshot before it answers.
    const body = { ...blob, source: this.blobUrl(blob.sha256) };
    await this.call('POST', `${snapshotPath(snapshotId)}/place`, body, 10 * 60_000);
  }

  async deleteSnapshot(snapshotId: string): Promise<void> {
    await this.call('DELETE', snapshotPath(snapshotId));
  }

  private async call<T>(method: Method, path: string, payload?: object, timeoutMs = TIMEOUT_MS): Promise<T> {
    const response = await this.send(method, path, payload, AbortSignal.timeout(timeoutMs));
    const reply = (await response.json()) as { code: number; msg: string; data: T };
    if (reply.code !== 0)
      throw new Error(`device host ${this.name}: ${method} ${path} answered ${reply.code} ${reply.msg}`);
    return reply.data;
  }

  private send(
    method: Method,
    path: string,
    payload?: object,
    /** A stream's own signal (it lives until stopped); calls time out after 5 s. */
    signal: AbortSignal = AbortSignal.timeout(TIMEOUT_MS),
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const raw = payload instanceof RawBody ? payload : undefined;
    const body = raw ? raw.text : payload === undefined ? '' : JSON.stringify(payload);
    const type = raw ? raw.type : 'application/json';
    return fetch(`${this.apiUrl}${path}`, {
      method,
      body: body || undefined,
      signal,
      headers: {
        ...(body ? { 'content-type': type } : {}),
        ...extraHeaders,
        // The body's hash travels too, so the host checks the signature before it reads the body.
        ...hostCallHeaders(this.hostKey, method, path, body, Date.now()),
      },
    });
  }
}
