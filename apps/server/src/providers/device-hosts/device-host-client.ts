import type { PhoneCapability } from '@cloudphone/contracts/phone-capabilities';
import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import type { Readable } from 'node:stream';
import type {
  HostPhoneState,
  HostPushRequest,
  HostRevokeReason,
  HostSyncFollowerEvent,
  HostTaskEvent,
} from '@cloudphone/contracts/host-api';
import type { Language } from '@cloudphone/contracts/locale';
import type { MockModel, PhoneResolution } from '@cloudphone/contracts/phones';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { PhoneStatus } from '@cloudphone/contracts/stream';

/** What a host tells of one of its phones. */
export interface InstanceInfo {
  status: PhoneStatus;
  manufacturer: string;
  brand: string;
  model: string;
  android: string;
  imei: string;
  serial: string;
  display: { width: number; height: number; dpi: number };
  root: boolean;
  /** The phone's system language (Settings → Language on the phone). */
  language: Language;
  /** Streams open to it now, and of those the ones that may drive it (sync control reads both). */
  viewers: number;
  controllers: number;
  /** What its driver cannot do (issue 61): refused before the host is asked, hidden by the faces. */
  lacks: readonly PhoneCapability[];
}

/**
 * How the control plane drives a device host (DESIGN §4). The host inside the server process is
 * called directly; a separate host (scale-out, DESIGN §8) gets an HTTP client of the same shape.
 */
export interface DeviceHostClient {
  /** The name the host is registered under. */
  readonly name: string;
  /** Where clients reach the host; empty when it shares the server's origin. */
  readonly publicUrl: string;
  /** The host answers: its event stream is open (a host in this process always is). */
  readonly online: boolean;
  /** Its calls cross the network (a host of its own), rather than go into this process's host. */
  readonly remote: boolean;
  /** Where its ADB endpoints are reached, when a host of this process or a fixed setup has them (issue 35). */
  readonly adb?: HostRegistration['adb'] | null;
  /** The most phones it runs, where its driver says (a device each, issue 60); else as registered. */
  readonly capacity?: number | null;
  /**
   * Makes the phone `instanceNo` (the control plane names it), its system in `language` (its owner's,
   * issue 10 §4); when the host already has it, answers that one, so a delivery retried after a crash
   * never makes two phones.
   */
  createInstance(instanceNo: string, options?: { language?: Language }): Promise<{ instanceNo: string }>;
  /** The phones asked for that the host has; unknown instance numbers are left out. */
  describe(instanceNos: readonly string[]): Promise<Map<string, InstanceInfo>>;
  /**
   * Power operations and settings, as the task `taskId` when the control plane names it (a retry
   * answers the same task). Settings restart the phone, as a real handset's do. `finishAt` is when
   * the host expects the task to end.
   */
  reboot(instanceNo: string, taskId?: string): Promise<TimedTask>;
  reset(instanceNo: string, taskId?: string): Promise<TimedTask>;
  setResolution(instanceNo: string, resolution: PhoneResolution, taskId?: string): Promise<TimedTask>;
  setRoot(instanceNo: string, root: boolean, taskId?: string): Promise<TimedTask>;
  setModel(instanceNo: string, manufacturer: string, model: string, taskId?: string): Promise<TimedTask>;
  /**
   * One-key new machine: a random handset of the catalogue (within `brand`, a brand or manufacturer,
   * when named) with new IMEI and serial, and the user's data wiped. The task is `taskId`: asked
   * again with it, the host answers that task, so a retry makes the phone new once.
   */
  newMachine(instanceNo: string, options: { taskId: string; brand?: string }): Promise<{ taskId: string }>;
  /** The handsets the host's phones can pass for. */
  models(): Promise<readonly MockModel[]>;
  /** The phone's screen now, as a PNG. */
  screenshot(instanceNo: string): Promise<Buffer>;
  task(taskId: string): Promise<TaskResult | undefined>;
  /**
   * Access to an instance ended at `before`: the host closes the streams of keys issued earlier (of
   * `userId`, or everyone's) and refuses those keys from then on. `replaced` tells their viewers the
   * phone moved to a new instance (they reconnect), rather than that their access was taken.
   */
  /**
   * Pushes a file to a phone (and installs it when it is an app and `install`), as the task
   * `request.taskId`: asked again with the same id, the host answers the task it has (issue 14).
   * The client says where the host fetches the blob from.
   */
  push(instanceNo: string, request: Omit<HostPushRequest, 'source'>): Promise<HostTaskEvent>;
  /** A push task as the host has it, or undefined when it has none of that id. */
  pushTask(taskId: string): Promise<HostTaskEvent | undefined>;
  /**
   * Listens to the host's events (DESIGN §10) until the returned function is called: its task events,
   * and its ask for the whole state of its phones (when it starts, and whenever the stream reconnects).
   */
  subscribe(listener: HostEventListener): () => void;
  /** Access ended at `before` (of `userId`, or everyone's); `closeAdb`: its ADB endpoint goes too. */
  revoke(
    instanceNo: string,
    userId: number | null,
    before: number,
    reason?: HostRevokeReason,
    closeAdb?: boolean,
  ): Promise<void>;
  /** Phones' locks (issue 20), each applied by its version. */
  applyPhoneStates(states: readonly HostPhoneState[]): Promise<void>;
  /**
   * Gives the instance `toInstanceNo` of this host the user data — apps, files, notes, clipboard —
   * of `fromInstanceNo` (spec §4: a replacement that moves data); asking again gives the same result.
   */
  copyUserData(fromInstanceNo: string, toInstanceNo: string): Promise<void>;
  /**
   * Templates (issue 15): takes the phone's user data as the snapshot `snapshotId`, as the task
   * `taskId`. Both ids are the control plane's: asked again (after a crash), the host answers the
   * task it has and keeps the snapshot it took.
   */
  snapshot(instanceNo: string, snapshotId: string, taskId: string): Promise<{ taskId: string }>;
  /** Replaces a phone's user data with the snapshot's, as the task `taskId`; the phone restarts with it. */
  applySnapshot(
    instanceNo: string,
    snapshotId: string,
    taskId: string,
    options: { newMachine: boolean },
  ): Promise<{ taskId: string }>;
  /** What the host keeps of a snapshot, or undefined when it has none of that id. */
  snapshotInfo(snapshotId: string): Promise<SnapshotInfo | undefined>;
  /**
   * A snapshot's bytes as a stream, for the blob store (issue 21: snapshots move host → blob store →
   * host, never whole through the API node's memory); undefined when the host has none of that id.
   */
  readSnapshot(snapshotId: string): Promise<Readable | undefined>;
  /** Has the host fetch a snapshot from the blob store by its hash and keep it; again changes nothing. */
  placeSnapshot(snapshotId: string, blob: { sha256: string; size: number }): Promise<void>;
  deleteSnapshot(snapshotId: string): Promise<void>;
  /** The phone was given back (issue 60): a host of devices frees the device that ran it. */
  releaseInstance(instanceNo: string): Promise<void>;
}

/** A host task, and when its host expects it to end. */
export interface TimedTask {
  taskId: string;
  finishAt?: number;
}

export interface HostEventListener {
  task(event: HostTaskEvent): void;
  stateWanted(): void;
  /** A follower of a sync session keeps up, lags or went offline (issue 26). */
  syncFollower(event: HostSyncFollowerEvent): void;
}

/** A snapshot of a phone's user data as its host keeps it. */
export interface SnapshotInfo {
  /** Bytes of user data. */
  size: number;
  android: string;
  createdAt: number;
}
