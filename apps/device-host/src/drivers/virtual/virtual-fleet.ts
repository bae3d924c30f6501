import { randomUUID } from 'node:crypto';
import type { HostTaskEvent } from '@cloudphone/contracts/host-api';
import { MOBILE_DEFAULT_LANGUAGE, type Language } from '@cloudphone/contracts/locale';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { AdbDriver } from '../../adb/driver';
import type { Clock } from '../../clock';
import type { Snapshot, SnapshotInfo } from '../../phones/snapshots';
import type { Task } from '../../phones/tasks';
import { BOOT_MS } from '../../phones/tasks';
import type { HostStore } from '../../store/host-store';
import {
  PHONE_CAPABILITIES,
  PhoneNotFound,
  type Display,
  type InstalledApp,
  type OperatorState,
  type PhoneDriver,
  type StoredFile,
} from '../phone-driver';
import type { DaemonServices } from './adb/emulated-phone';
import { EmulatedDaemons } from './adb/emulated-daemons';
import { DISPLAY_PRESETS, HANDSETS } from './catalogue';
import { makeIdentity, randomHandset } from './identity';
import type { PhoneState } from './phone-state';
import { TimedTasks } from './timed-tasks';
import { VirtualPhone } from './virtual-phone';
import { VirtualPower } from './virtual-power';
import { VirtualUserData } from './virtual-user-data';

export interface VirtualFleetOptions {
  /** How long installing an app takes on a virtual phone (1.5 s by default). */
  installMs?: number;
  /** What the emulated adb daemons use of their host (its input path, files, the control plane); none: no adb. */
  daemons?: DaemonServices;
}

/**
 * The virtual driver (DESIGN §4): the host's phones as simulated handsets, kept in its store, loaded
 * at start, drawn with Skia, each with an emulated adbd. It can do everything a driver may.
 */
export class VirtualFleet implements PhoneDriver {
  readonly name = 'virtual';
  readonly capabilities = new Set(PHONE_CAPABILITIES);
  private readonly phones = new Map<string, VirtualPhone>();
  private readonly tasks: TimedTasks;
  private readonly power: VirtualPower;
  private readonly userData: VirtualUserData;
  private readonly daemons: EmulatedDaemons | undefined;

  constructor(
    private readonly store: HostStore,
    private readonly clock: Clock,
    private readonly options: VirtualFleetOptions = {},
  ) {
    for (const state of store.loadPhones()) this.phones.set(state.instanceNo, this.wrap(state));
    const phone = (instanceNo: string) => this.require(instanceNo);
    this.tasks = new TimedTasks(store, clock);
    this.power = new VirtualPower(phone, this.tasks);
    this.userData = new VirtualUserData(phone, store, clock, this.tasks, this.power);
    this.daemons = options.daemons && new EmulatedDaemons(options.daemons, (instanceNo) => this.get(instanceNo));
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

  // — power and settings (VirtualPower)
  reboot = (instanceNo: string, taskId?: string): Task => this.power.reboot(instanceNo, taskId);
  reset = (instanceNo: string, taskId?: string): Task => this.power.reset(instanceNo, taskId);
  newMachine = (instanceNo: string, options?: { taskId?: string; brand?: string }): Task =>
    this.power.newMachine(instanceNo, options);
  setResolution = (instanceNo: string, display: Display, taskId?: string): Task =>
    this.power.setResolution(instanceNo, display, taskId);
  setModel = (instanceNo: string, manufacturer: string, model: string, taskId?: string): Task =>
    this.power.setModel(instanceNo, manufacturer, model, taskId);
  setRoot = (instanceNo: string, root: boolean, taskId?: string): Task => this.power.setRoot(instanceNo, root, taskId);
  setOperatorState = (instanceNo: string, state: OperatorState | null): void =>
    this.power.setOperatorState(instanceNo, state);
  pushFile = (instanceNo: string, file: StoredFile): Task => this.power.pushFile(instanceNo, file);
  installApp = (instanceNo: string, app: InstalledApp): Task => this.power.installApp(instanceNo, app);
  subscribeTasks = (listener: (event: HostTaskEvent) => void): (() => void) => this.tasks.subscribe(listener);
  task = (taskId: string): TaskResult | undefined => this.tasks.result(taskId);

  // — user data (VirtualUserData)
  snapshot = (instanceNo: string, snapshotId: string, taskId: string): Task =>
    this.userData.snapshot(instanceNo, snapshotId, taskId);
  applySnapshot = (instanceNo: string, snapshotId: string, taskId: string, options?: { newMachine?: boolean }): Task =>
    this.userData.applySnapshot(instanceNo, snapshotId, taskId, options);
  copyUserData = (fromInstanceNo: string, toInstanceNo: string): void =>
    this.userData.copyUserData(fromInstanceNo, toInstanceNo);
  snapshotInfo = (snapshotId: string): SnapshotInfo | undefined => this.userData.snapshotInfo(snapshotId);
  exportSnapshot = (snapshotId: string): Snapshot | undefined => this.userData.exportSnapshot(snapshotId);
  importSnapshot = (snapshot: Snapshot): void => this.userData.importSnapshot(snapshot);
  deleteSnapshot = (snapshotId: string): void => this.userData.deleteSnapshot(snapshotId);

  models(): typeof HANDSETS {
    return HANDSETS;
  }

  /** The phone's emulated adbd (issue 35). */
  adb(instanceNo: string): AdbDriver | undefined {
    return this.daemons?.driverFor(instanceNo);
  }

  /** The host is closing: no more task events. */
  close(): void {
    this.tasks.close();
  }

  private wrap(state: PhoneState): VirtualPhone {
    // A phone stored before phones had a system language speaks the mobile default.
    state.language ??= MOBILE_DEFAULT_LANGUAGE;
    return new VirtualPhone(state, this.clock, (s) => this.store.savePhone(s), this.options.installMs);
  }
}
