import { Readable } from 'node:stream';
import type {
  HostLockReply,
  HostLockRequest,
  HostPhoneState,
  HostPowerRequest,
  HostPushRequest,
  HostRevokeReason,
  HostTaskEvent,
} from '@cloudphone/contracts/host-api';
import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import type { Language } from '@cloudphone/contracts/locale';
import type { MockModel, PhoneResolution } from '@cloudphone/contracts/phones';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import { HANDSETS, type ControlPlane, type DeviceHost } from '@cloudphone/device-host';
import { AppError } from '../../http/app-error';
import type { DeviceHostClient, HostEventListener, InstanceInfo, SnapshotInfo, TimedTask } from './device-host-client';

/**
 * The control plane as a host in this process asks it (issue 20): SDK power calls go to the same
 * service as the REST calls; a refusal is its catalogue key.
 */
export function inProcessControlPlane(decide: {
  power: (request: HostPowerRequest) => Promise<{ taskId: string }>;
  lock: (request: HostLockRequest) => Promise<HostLockReply>;
}): ControlPlane {
  const refusal = (error: unknown) => {
    if (error instanceof AppError) return { refused: error.key };
    throw error;
  };
  return {
    power: (request) => decide.power(request).catch(refusal),
    lock: (request) => decide.lock(request).catch(refusal),
  };
}

const timed = (task: { id: string; finishAt: number }): TimedTask => ({ taskId: task.id, finishAt: task.finishAt });

/** The device host running inside the server process (`npm start`). */
export class EmbeddedHostClient implements DeviceHostClient {
  readonly name = 'embedded';
  readonly publicUrl = '';
  readonly online = true;
  readonly adb: HostRegistration['adb'] | null;

  /** `readBlob` reads the server's blob store: the host in this process fetches pushed files from it directly. */
  constructor(
    private readonly host: DeviceHost,
    readBlob?: (sha256: string) => Promise<Readable>,
  ) {
    if (readBlob) host.startTasks((source) => readBlob(source.replace(/^blob:/, '')));
    this.adb = host.options.adb ?? null;
  }

  async createInstance(instanceNo: string, options: { language?: Language } = {}): Promise<{ instanceNo: string }> {
    return { instanceNo: this.host.fleet.create({ instanceNo, ...options }).instanceNo };
  }

  async describe(instanceNos: readonly string[]): Promise<Map<string, InstanceInfo>> {
    const found = new Map<string, InstanceInfo>();
    for (const instanceNo of instanceNos) {
      const phone = this.host.fleet.get(instanceNo);
      if (!phone) continue;
      const { identity, display, root, language } = phone.state;
      // One literal: a page of the list describes each of its phones (issue 34).
      found.set(instanceNo, {
        status: phone.status(),
        manufacturer: identity.manufacturer,
        brand: identity.brand,
        model: identity.model,
        android: identity.android,
        imei: identity.imei,
        serial: identity.serial,
        display,
        root,
        language,
        viewers: this.host.viewerCount(instanceNo),
        controllers: this.host.controllerCount(instanceNo),
      });
    }
    return found;
  }

  async reboot(instanceNo: string, taskId?: string): Promise<TimedTask> {
    return timed(this.host.fleet.reboot(instanceNo, taskId));
  }

  async reset(instanceNo: string, taskId?: string): Promise<TimedTask> {
    return timed(this.host.fleet.reset(instanceNo, taskId));
  }

  async setResolution(instanceNo: string, resolution: PhoneResolution, taskId?: string): Promise<TimedTask> {
    return timed(this.host.fleet.setResolution(instanceNo, resolution, taskId));
  }

  async setRoot(instanceNo: string, root: boolean, taskId?: string): Promise<TimedTask> {
    return timed(this.host.fleet.setRoot(instanceNo, root, taskId));
  }

  async setModel(instanceNo: string, manufacturer: string, model: string, taskId?: string): Promise<TimedTask> {
    return timed(this.host.fleet.setModel(instanceNo, manufacturer, model, taskId));
  }

  async newMachine(instanceNo: string, options: { taskId: string; brand?: string }): Promise<{ taskId: string }> {
    return { taskId: this.host.fleet.newMachine(instanceNo, options).id };
  }

  async models(): Promise<readonly MockModel[]> {
    return HANDSETS;
  }

  async screenshot(instanceNo: string): Promise<Buffer> {
    return this.host.fleet.require(instanceNo).screenshotPng();
  }

  async task(taskId: string): Promise<TaskResult | undefined> {
    return this.host.fleet.task(taskId);
  }

  async revoke(instanceNo: string, userId: number | null, before: number, reason?: HostRevokeReason): Promise<void> {
    this.host.revoke(instanceNo, userId, before, reason);
  }

  async copyUserData(fromInstanceNo: string, toInstanceNo: string): Promise<void> {
    this.host.fleet.copyUserData(fromInstanceNo, toInstanceNo);
  }

  async push(instanceNo: string, request: Omit<HostPushRequest, 'source'>): Promise<HostTaskEvent> {
    return this.host.pushes.push(instanceNo, { ...request, source: `blob:${request.sha256}` });
  }

  async pushTask(taskId: string): Promise<HostTaskEvent | undefined> {
    return this.host.pushes.find(taskId);
  }

  subscribe(listener: HostEventListener): () => void {
    return this.host.subscribe(listener);
  }

  async applyPhoneStates(states: readonly HostPhoneState[]): Promise<void> {
    this.host.applyPhoneStates(states);
  }

  async snapshot(instanceNo: string, snapshotId: string, taskId: string): Promise<{ taskId: string }> {
    return { taskId: this.host.fleet.snapshot(instanceNo, snapshotId, taskId).id };
  }

  async applySnapshot(
    instanceNo: string,
    snapshotId: string,
    taskId: string,
    options: { newMachine: boolean },
  ): Promise<{ taskId: string }> {
    return { taskId: this.host.fleet.applySnapshot(instanceNo, snapshotId, taskId, options).id };
  }

  async snapshotInfo(snapshotId: string): Promise<SnapshotInfo | undefined> {
    return this.host.fleet.snapshotInfo(snapshotId);
  }

  async readSnapshot(snapshotId: string): Promise<Readable | undefined> {
    const bytes = this.host.snapshots.bytes(snapshotId);
    return bytes && Readable.from([bytes]);
  }

  async placeSnapshot(snapshotId: string, blob: { sha256: string; size: number }): Promise<void> {
    await this.host.snapshots.place(snapshotId, { ...blob, source: `blob:${blob.sha256}` });
  }

  async deleteSnapshot(snapshotId: string): Promise<void> {
    this.host.fleet.deleteSnapshot(snapshotId);
  }
}
