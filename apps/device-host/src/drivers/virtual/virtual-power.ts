import type { Task, TaskKind } from '../../phones/tasks';
import type { Display, InstalledApp, OperatorState, StoredFile } from '../phone-driver';
import { findHandset, HANDSETS } from './catalogue';
import { isOfBrand, makeIdentity, randomHandset } from './identity';
import { wipeUserData, type PhoneState } from './phone-state';
import type { TimedTasks } from './timed-tasks';
import type { VirtualPhone } from './virtual-phone';

/**
 * What restarts a virtual phone, and its settings: a power operation sets the phone busy until its
 * task finishes; its effect on the state is applied at once, and viewers see the phone restart.
 */
export class VirtualPower {
  constructor(
    /** The phone, or PhoneNotFound. */
    private readonly phone: (instanceNo: string) => VirtualPhone,
    private readonly tasks: TimedTasks,
  ) {}

  /** `taskId`: the control plane's name for the task; asked again with it, the host answers that task. */
  reboot(instanceNo: string, taskId?: string): Task {
    return this.tasks.known(taskId) ?? this.restartWith(instanceNo, 'reboot', 'restarting', () => undefined, taskId);
  }

  /** Wipes user apps, files, clipboard and notes; keeps the identity (DESIGN §4). */
  reset(instanceNo: string, taskId?: string): Task {
    return (
      this.tasks.known(taskId) ??
      this.restartWith(instanceNo, 'reset', 'resetting', (s, now) => wipeUserData(s, now), taskId)
    );
  }

  /**
   * A new random identity from the catalogue (within `brand` when named), then a reset. The control
   * plane names the task: asked again with the same `taskId` (a retry after a crash), the host
   * answers the task it has and the phone is made new once.
   */
  newMachine(instanceNo: string, options: { taskId?: string; brand?: string } = {}): Task {
    const existing = this.tasks.known(options.taskId);
    if (existing) return existing;
    const { brand, taskId } = options;
    if (brand !== undefined && !HANDSETS.some((h) => isOfBrand(h, brand)))
      return this.failed(instanceNo, 'new-machine', 'unknown brand', taskId);
    const makeNew = (s: PhoneState, now: number) => {
      s.identity = makeIdentity(randomHandset(s.identity.model, { brand }));
      wipeUserData(s, now);
    };
    return this.restartWith(instanceNo, 'new-machine', 'resetting', makeNew, taskId);
  }

  setResolution(instanceNo: string, display: Display, taskId?: string): Task {
    return (
      this.tasks.known(taskId) ??
      this.restartWith(instanceNo, 'set-resolution', 'restarting', (s) => (s.display = { ...display }), taskId)
    );
  }

  /** The mock model: a new identity of the named handset, keeping the user's data. */
  setModel(instanceNo: string, manufacturer: string, model: string, taskId?: string): Task {
    const known = this.tasks.known(taskId);
    if (known) return known;
    const handset = findHandset(manufacturer, model);
    if (!handset) return this.failed(instanceNo, 'set-model', 'unknown model', taskId);
    return this.restartWith(instanceNo, 'set-model', 'restarting', (s) => (s.identity = makeIdentity(handset)), taskId);
  }

  setRoot(instanceNo: string, root: boolean, taskId?: string): Task {
    return (
      this.tasks.known(taskId) ?? this.restartWith(instanceNo, 'set-root', 'restarting', (s) => (s.root = root), taskId)
    );
  }

  setOperatorState(instanceNo: string, state: OperatorState | null): void {
    this.phone(instanceNo).update((s) => (s.operatorState = state));
  }

  pushFile(instanceNo: string, file: StoredFile): Task {
    return this.quick(
      instanceNo,
      'push-file',
      (s) => (s.files = [...s.files.filter((f) => f.name !== file.name), file]),
    );
  }

  installApp(instanceNo: string, app: InstalledApp): Task {
    return this.quick(
      instanceNo,
      'install-apk',
      (s) => (s.apps = [...s.apps.filter((a) => a.packageName !== app.packageName), app]),
    );
  }

  /** An operation that restarts the phone: refused while it is busy or set aside by the operator. */
  restartWith(
    instanceNo: string,
    kind: TaskKind,
    busy: 'restarting' | 'resetting',
    effect: (s: PhoneState, now: number) => void,
    taskId?: string,
  ): Task {
    const phone = this.phone(instanceNo);
    const status = phone.status();
    if (status !== 'online') return this.failed(instanceNo, kind, `device is ${status}`, taskId);
    const task = this.tasks.start(instanceNo, kind, null, taskId);
    phone.update((s) => {
      effect(s, task.startAt);
      s.busy = { kind: busy, until: task.finishAt };
      s.bootedAt = task.finishAt;
      s.screenStack = ['launcher'];
    });
    return task;
  }

  /** A task that fails as it is asked for (the phone is there, the operation is not possible). */
  failed(instanceNo: string, kind: TaskKind, reason: string, taskId?: string): Task {
    this.phone(instanceNo);
    return this.tasks.start(instanceNo, kind, reason, taskId);
  }

  private quick(instanceNo: string, kind: TaskKind, effect: (s: PhoneState) => void): Task {
    const phone = this.phone(instanceNo);
    const status = phone.status();
    if (status !== 'online') return this.failed(instanceNo, kind, `device is ${status}`);
    phone.update(effect);
    return this.tasks.start(instanceNo, kind);
  }
}
