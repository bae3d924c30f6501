import type { Readable } from 'node:stream';
import type { HostPushRequest, HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { Language } from '@cloudphone/contracts/locale';
import type { MockModel, PhoneResolution } from '@cloudphone/contracts/phones';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import { HANDSETS } from '@cloudphone/device-host/phones/catalogue';
import type { DeviceHost } from '@cloudphone/device-host/host';
import { snapshotSchema } from '@cloudphone/device-host/phones/snapshots';
import type { DeviceHostClient, InstanceInfo, SnapshotInfo } from './device-host-client';

/** The device host running inside the server process (`npm start`). */
export class EmbeddedHostClient implements DeviceHostClient {
  readonly name = 'embedded';
  readonly publicUrl = '';

  /** `readBlob` reads the server's blob store: the host in this process fetches pushed files from it directly. */
  constructor(
    private readonly host: DeviceHost,
    readBlob?: (sha256: string) => Promise<Readable>,
  ) {
    if (readBlob) host.startTasks((source) => readBlob(source.replace(/^blob:/, '')));
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
      found.set(instanceNo, { status: phone.status(), ...identity, display, root, language });
    }
    return found;
  }

  async reboot(instanceNo: string): Promise<{ taskId: string }> {
    return { taskId: this.host.fleet.reboot(instanceNo).id };
  }

  async reset(instanceNo: string): Promise<{ taskId: string }> {
    return { taskId: this.host.fleet.reset(instanceNo).id };
  }

  async setResolution(instanceNo: string, resolution: PhoneResolution): Promise<{ taskId: string }> {
    return { taskId: this.host.fleet.setResolution(instanceNo, resolution).id };
  }

  async setRoot(instanceNo: string, root: boolean): Promise<{ taskId: string }> {
    return { taskId: this.host.fleet.setRoot(instanceNo, root).id };
  }

  async setModel(instanceNo: string, manufacturer: string, model: string): Promise<{ taskId: string }> {
    return { taskId: this.host.fleet.setModel(instanceNo, manufacturer, model).id };
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

  async revoke(
    instanceNo: string,
    userId: number | null,
    before: number,
    reason?: 'revoked' | 'replaced',
  ): Promise<void> {
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

  subscribeTasks(listener: (event: HostTaskEvent) => void): () => void {
    return this.host.subscribeTasks(listener);
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

  async exportSnapshot(snapshotId: string): Promise<string | undefined> {
    const snapshot = this.host.fleet.exportSnapshot(snapshotId);
    return snapshot && JSON.stringify(snapshot);
  }

  async importSnapshot(snapshotId: string, snapshot: string): Promise<void> {
    const parsed = snapshotSchema.parse(JSON.parse(snapshot));
    if (parsed.id !== snapshotId) throw new Error(`snapshot ${parsed.id} is not ${snapshotId}`);
    this.host.fleet.importSnapshot(parsed);
  }

  async deleteSnapshot(snapshotId: string): Promise<void> {
    this.host.fleet.deleteSnapshot(snapshotId);
  }
}
