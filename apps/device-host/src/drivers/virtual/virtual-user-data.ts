import type { Clock } from '../../clock';
import { snapshotInfo, type Snapshot, type SnapshotInfo } from '../../phones/snapshots';
import type { Task } from '../../phones/tasks';
import type { HostStore } from '../../store/host-store';
import { makeIdentity, randomHandset } from './identity';
import { applyUserData, takeUserData, userDataSize } from './phone-state';
import type { TimedTasks } from './timed-tasks';
import type { VirtualPhone } from './virtual-phone';
import type { VirtualPower } from './virtual-power';

/**
 * A virtual phone's user data — apps, files, notes, clipboard, the game — taken as a snapshot
 * (issue 15: what a clone template is on the host), applied to other phones, moved between hosts and
 * between phones of this host (a replacement that keeps data).
 */
export class VirtualUserData {
  constructor(
    private readonly phone: (instanceNo: string) => VirtualPhone,
    private readonly store: HostStore,
    private readonly clock: Clock,
    private readonly tasks: TimedTasks,
    private readonly power: VirtualPower,
  ) {}

  /**
   * Takes the phone's user data as the snapshot `snapshotId`, as the task `taskId`. Both ids are the
   * control plane's: asked again after a crash, the host answers the task it already has and keeps
   * the snapshot it took then.
   */
  snapshot(instanceNo: string, snapshotId: string, taskId: string): Task {
    const known = this.tasks.known(taskId);
    if (known) return known;
    const phone = this.phone(instanceNo);
    const now = this.clock.now();
    const status = phone.status(now);
    if (status !== 'online') return this.tasks.start(instanceNo, 'snapshot', `device is ${status}`, taskId);
    const data = takeUserData(phone.state, now);
    const { android } = phone.state.identity;
    this.store.saveSnapshot({ id: snapshotId, instanceNo, android, createdAt: now, size: userDataSize(data), data });
    return this.tasks.start(instanceNo, 'snapshot', null, taskId);
  }

  /**
   * Replaces a phone's user data with a snapshot's, as the task `taskId` (the control plane's id:
   * asked again, the host answers the task it has). The phone restarts with it and keeps its display,
   * root and identity — or gets a new identity of the same Android version when `newMachine`. A
   * snapshot applies only to a phone of its own Android version.
   */
  applySnapshot(instanceNo: string, snapshotId: string, taskId: string, options: { newMachine?: boolean } = {}): Task {
    const known = this.tasks.known(taskId);
    if (known) return known;
    const snapshot = this.store.snapshot(snapshotId);
    if (!snapshot) return this.power.failed(instanceNo, 'apply-snapshot', 'snapshot missing', taskId);
    if (this.phone(instanceNo).state.identity.android !== snapshot.android)
      return this.power.failed(instanceNo, 'apply-snapshot', 'incompatible', taskId);
    return this.power.restartWith(
      instanceNo,
      'apply-snapshot',
      'resetting',
      (s, now) => {
        if (options.newMachine)
          s.identity = makeIdentity(randomHandset(s.identity.model, { android: s.identity.android }));
        applyUserData(s, snapshot.data, now);
      },
      taskId,
    );
  }

  /**
   * Moves a phone's user data to another phone of this host (spec §4: a replacement that moves data),
   * as a template does — the data taken as a snapshot is, then applied — at once; again gives the same.
   */
  copyUserData(fromInstanceNo: string, toInstanceNo: string): void {
    const now = this.clock.now();
    const data = takeUserData(this.phone(fromInstanceNo).state, now);
    this.phone(toInstanceNo).update((target) => applyUserData(target, data, now));
  }

  snapshotInfo(snapshotId: string): SnapshotInfo | undefined {
    const snapshot = this.store.snapshot(snapshotId);
    return snapshot && snapshotInfo(snapshot);
  }

  /** A snapshot whole, to copy to another host. */
  exportSnapshot(snapshotId: string): Snapshot | undefined {
    return this.store.snapshot(snapshotId);
  }

  /** Keeps a snapshot copied from another host (once: a copy asked for twice stays one). */
  importSnapshot(snapshot: Snapshot): void {
    this.store.saveSnapshot(snapshot);
  }

  deleteSnapshot(snapshotId: string): void {
    this.store.deleteSnapshot(snapshotId);
  }
}
