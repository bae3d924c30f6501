import { randomUUID } from 'node:crypto';
import { MOBILE_DEFAULT_LANGUAGE, type Language } from '@cloudphone/contracts/locale';
import type { HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { Clock } from '../../clock';
import type { HostStore } from '../../store/host-store';
import { DISPLAY_PRESETS, findHandset, HANDSETS, type Display } from './catalogue';
import { isOfBrand, makeIdentity, randomHandset } from './identity';
import {
  applyUserData,
  takeUserData,
  userDataSize,
  wipeUserData,
  type InstalledApp,
  type OperatorState,
  type PhoneState,
  type StoredFile,
} from './phone-state';
import { snapshotInfo, type Snapshot, type SnapshotInfo } from '../../phones/snapshots';
import {
  BOOT_MS,
  PROGRESS_TOLD,
  TASK_DURATION_MS,
  taskProgress,
  taskState,
  type Task,
  type TaskKind,
} from '../../phones/tasks';
import { VirtualPhone } from './virtual-phone';

export class PhoneNotFound extends Error {}

/**
 * All the phones of one host: made, loaded from the store at start, and operated through tasks.
 * A power operation sets the phone busy until its task finishes; its effect on the state is
 * applied at once, and viewers see the phone restart.
 */
export class PhoneFleet {
  private readonly phones = new Map<string, VirtualPhone>();
  private readonly taskListeners = new Set<(event: HostTaskEvent) => void>();
  /** The timers of the timed tasks under way: their progress told as it goes, and their end. */
  private readonly endings = new Set<NodeJS.Timeout>();

  constructor(
    private readonly store: HostStore,
    private readonly clock: Clock,
  ) {
    for (const state of store.loadPhones()) this.phones.set(state.instanceNo, this.wrap(state));
  }

  /**
   * Makes a phone, booting; its system speaks `language` (its owner's; the mobile default otherwise).
   * The control plane names the instance itself and may ask again after a crash: asking for an
   * instance number this host already has answers that phone, so it is never made twice.
   */
  create(options: { instanceNo?: string; display?: Display; language?: Language } = {}): VirtualPhone {
    const existing = options.instanceNo === undefined ? undefined : this.get(options.instanceNo);
    if (existing) return existing;
    const now = this.clock.now();
    const instanceNo = options.instanceNo ?? `cp-${randomUUID().slice(0, 12)}`;
    const state: PhoneState = {
      instanceNo,
      identity: makeIdentity(randomHandset()),
      display: options.display ?? { ...DISPLAY_PRESETS[0] },
      root: false,
      language: options.language ?? MOBILE_DEFAULT_LANGUAGE,
      operatorState: null,
      busy: { kind: 'booting', until: now + BOOT_MS },
      bootedAt: now + BOOT_MS,
      createdAt: now,
      screenStack: ['launcher'],
      notes: '',
      clipboard: '',
      files: [],
      apps: [],
      gameStartedAt: now,
      appOpenedAt: now,
    };
    const phone = this.wrap(state);
    this.phones.set(instanceNo, phone);
    this.store.savePhone(state);
    return phone;
  }

  /** A phone of this host; one made by another process on the same store (the admin CLI) is loaded then. */
  get(instanceNo: string): VirtualPhone | undefined {
    const known = this.phones.get(instanceNo);
    if (known) return known;
    const state = this.store.loadPhone(instanceNo);
    if (!state) return undefined;
    const phone = this.wrap(state);
    this.phones.set(instanceNo, phone);
    return phone;
  }

  require(instanceNo: string): VirtualPhone {
    const phone = this.get(instanceNo);
    if (!phone) throw new PhoneNotFound(instanceNo);
    return phone;
  }

  list(): VirtualPhone[] {
    return [...this.phones.values()];
  }

  /** `taskId`: the control plane's name for the task; asked again with it, the host answers that task. */
  reboot(instanceNo: string, taskId?: string): Task {
    return this.known(taskId) ?? this.powerTask(instanceNo, 'reboot', 'restarting', () => undefined, taskId);
  }

  /** Wipes user apps, files, clipboard and notes; keeps the identity (DESIGN §4). */
  reset(instanceNo: string, taskId?: string): Task {
    return (
      this.known(taskId) ?? this.powerTask(instanceNo, 'reset', 'resetting', (s, now) => wipeUserData(s, now), taskId)
    );
  }

  /**
   * A new random identity from the catalogue (within `brand` when named), then a reset. The control
   * plane names the task: asked again with the same `taskId` (a retry after a crash), the host
   * answers the task it has and the phone is made new once.
   */
  newMachine(instanceNo: string, options: { taskId?: string; brand?: string } = {}): Task {
    const existing = this.known(options.taskId);
    if (existing) return existing;
    const { brand, taskId } = options;
    if (brand !== undefined && !HANDSETS.some((h) => isOfBrand(h, brand)))
      return this.failedTask(instanceNo, 'new-machine', 'unknown brand', taskId);
    return this.powerTask(
      instanceNo,
      'new-machine',
      'resetting',
      (s, now) => {
        s.identity = makeIdentity(randomHandset(s.identity.model, { brand }));
        wipeUserData(s, now);
      },
      taskId,
    );
  }

  setResolution(instanceNo: string, display: Display, taskId?: string): Task {
    return (
      this.known(taskId) ??
      this.powerTask(instanceNo, 'set-resolution', 'restarting', (s) => (s.display = { ...display }), taskId)
    );
  }

  /** The mock model: a new identity of the named handset, keeping the user's data. */
  setModel(instanceNo: string, manufacturer: string, model: string, taskId?: string): Task {
    const known = this.known(taskId);
    if (known) return known;
    const handset = findHandset(manufacturer, model);
    if (!handset) return this.failedTask(instanceNo, 'set-model', 'unknown model', taskId);
    return this.powerTask(instanceNo, 'set-model', 'restarting', (s) => (s.identity = makeIdentity(handset)), taskId);
  }

  setRoot(instanceNo: string, root: boolean, taskId?: string): Task {
    return this.known(taskId) ?? this.powerTask(instanceNo, 'set-root', 'restarting', (s) => (s.root = root), taskId);
  }

  /** The task the control plane named `taskId`, when this host already has it. */
  private known(taskId: string | undefined): Task | undefined {
    return taskId === undefined ? undefined : this.store.task(taskId);
  }

  /**
   * Moves a phone's user data to another phone of this host (spec §4: a replacement that moves data),
   * as a template does — the data taken as a snapshot is, then applied — at once; again gives the same.
   */
  copyUserData(fromInstanceNo: string, toInstanceNo: string): void {
    const now = this.clock.now();
    const data = takeUserData(this.require(fromInstanceNo).state, now);
    this.require(toInstanceNo).update((target) => applyUserData(target, data, now));
  }

  setOperatorState(instanceNo: string, state: OperatorState | null): void {
    this.require(instanceNo).update((s) => (s.operatorState = state));
  }

  pushFile(instanceNo: string, file: StoredFile): Task {
    return this.quickTask(
      instanceNo,
      'push-file',
      (s) => (s.files = [...s.files.filter((f) => f.name !== file.name), file]),
    );
  }

  installApp(instanceNo: string, app: InstalledApp): Task {
    return this.quickTask(
      instanceNo,
      'install-apk',
      (s) => (s.apps = [...s.apps.filter((a) => a.packageName !== app.packageName), app]),
    );
  }

  /**
   * Takes the phone's user data as the snapshot `snapshotId` (issue 15: what a clone template is on
   * the host), as the task `taskId`. Both ids are the control plane's: asked again after a crash,
   * the host answers the task it already has and keeps the snapshot it took then.
   */
  snapshot(instanceNo: string, snapshotId: string, taskId: string): Task {
    const known = this.store.task(taskId);
    if (known) return known;
    const phone = this.require(instanceNo);
    const now = this.clock.now();
    const status = phone.status(now);
    if (status !== 'online') return this.newTask(instanceNo, 'snapshot', now, `device is ${status}`, taskId);
    const data = takeUserData(phone.state, now);
    const { android } = phone.state.identity;
    this.store.saveSnapshot({ id: snapshotId, instanceNo, android, createdAt: now, size: userDataSize(data), data });
    return this.newTask(instanceNo, 'snapshot', now, null, taskId);
  }

  /**
   * Replaces a phone's user data with a snapshot's, as the task `taskId` (the control plane's id:
   * asked again, the host answers the task it has). The phone restarts with it and keeps its display,
   * root and identity — or gets a new identity of the same Android version when `newMachine`. A
   * snapshot applies only to a phone of its own Android version.
   */
  applySnapshot(instanceNo: string, snapshotId: string, taskId: string, options: { newMachine?: boolean } = {}): Task {
    const known = this.store.task(taskId);
    if (known) return known;
    const snapshot = this.store.snapshot(snapshotId);
    if (!snapshot) return this.failedTask(instanceNo, 'apply-snapshot', 'snapshot missing', taskId);
    if (this.require(instanceNo).state.identity.android !== snapshot.android)
      return this.failedTask(instanceNo, 'apply-snapshot', 'incompatible', taskId);
    return this.powerTask(
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

  task(id: string): TaskResult | undefined {
    const task = this.store.task(id);
    if (!task) return undefined;
    const now = this.clock.now();
    const status = taskState(task, now);
    return {
      taskId: task.id,
      status,
      progress: taskProgress(task, now),
      ...(task.failedReason ? { reason: task.failedReason } : {}),
    };
  }

  /** An operation that restarts the phone: refused while it is busy or set aside by the operator. */
  private powerTask(
    instanceNo: string,
    kind: TaskKind,
    busy: 'restarting' | 'resetting',
    effect: (s: PhoneState, now: number) => void,
    taskId?: string,
  ): Task {
    const phone = this.require(instanceNo);
    const now = this.clock.now();
    const status = phone.status(now);
    if (status !== 'online') return this.failedTask(instanceNo, kind, `device is ${status}`, taskId);
    const task = this.newTask(instanceNo, kind, now, null, taskId);
    phone.update((s) => {
      effect(s, now);
      s.busy = { kind: busy, until: task.finishAt };
      s.bootedAt = task.finishAt;
      s.screenStack = ['launcher'];
    });
    return task;
  }

  private quickTask(instanceNo: string, kind: TaskKind, effect: (s: PhoneState) => void): Task {
    const phone = this.require(instanceNo);
    const status = phone.status();
    if (status !== 'online') return this.failedTask(instanceNo, kind, `device is ${status}`);
    phone.update(effect);
    return this.newTask(instanceNo, kind, this.clock.now(), null);
  }

  private failedTask(instanceNo: string, kind: TaskKind, reason: string, taskId?: string): Task {
    this.require(instanceNo);
    return this.newTask(instanceNo, kind, this.clock.now(), reason, taskId);
  }

  private newTask(
    instanceNo: string,
    kind: TaskKind,
    now: number,
    failedReason: string | null,
    id: string = randomUUID(),
  ): Task {
    const task: Task = {
      id,
      instanceNo,
      kind,
      createdAt: now,
      startAt: now,
      finishAt: now + TASK_DURATION_MS[kind],
      failedReason,
    };
    this.store.saveTask(task);
    this.tell(task, failedReason ? 'failed' : 'running');
    if (!failedReason) {
      // Progress users follow is told as it goes (templates, clones), then the end, as pushes tell theirs.
      const every = PROGRESS_TOLD[kind];
      const ticking = every ? setInterval(() => this.tellNow(task), every) : undefined;
      if (ticking) this.endings.add(ticking.unref());
      // A timed task ends when its time is up: told then (DESIGN §10).
      const ending = setTimeout(() => {
        if (ticking) {
          clearInterval(ticking);
          this.endings.delete(ticking);
        }
        this.endings.delete(ending);
        this.tellNow(task);
      }, task.finishAt - now);
      ending.unref();
      this.endings.add(ending);
    }
    return task;
  }

  /** Every change of a timed task of this fleet (power operations, settings). */
  subscribeTasks(listener: (event: HostTaskEvent) => void): () => void {
    this.taskListeners.add(listener);
    return () => this.taskListeners.delete(listener);
  }

  /** The host is closing: no more task events. */
  close(): void {
    for (const ending of this.endings) clearTimeout(ending);
    this.endings.clear();
  }

  /** Tells a timed task as its clock has it (a test's clock may lag the timers). */
  private tellNow(task: Task): void {
    const state = taskState(task, this.clock.now());
    this.tell(task, state === 'pending' ? 'running' : state);
  }

  private tell(task: Task, state: 'running' | 'success' | 'failed'): void {
    const event: HostTaskEvent = {
      taskId: task.id,
      kind: task.kind,
      instanceNo: task.instanceNo,
      state,
      progress: state === 'success' ? 100 : taskProgress(task, this.clock.now()),
      ...(task.failedReason ? { reason: task.failedReason } : {}),
    };
    for (const listener of this.taskListeners) listener(event);
  }

  private wrap(state: PhoneState): VirtualPhone {
    // A phone stored before phones had a system language speaks the mobile default.
    state.language ??= MOBILE_DEFAULT_LANGUAGE;
    return new VirtualPhone(state, this.clock, (s) => this.store.savePhone(s));
  }
}
