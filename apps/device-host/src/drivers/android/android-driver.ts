import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  lacks,
  NoFreeDevice,
  PhoneNotFound,
  type HostServices,
  type PhoneCapability,
  type PhoneDriver,
} from '../phone-driver';
import type { HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { Task } from '../../phones/tasks';
import { hostAdbKey, type AdbServerAddress } from './adb-link';
import { AdbRelay } from './adb-relay';
import { DeviceTasks } from './device-tasks';
import { AndroidDevice, type DeviceDeps } from './android-device';
import { AndroidPhone } from './android-phone';

/** How often a list of devices that can grow (a file) is read again: a device added is stock within this. */
export const DEVICE_LIST_MS = 2_000;

export interface AndroidDriverOptions {
  /**
   * `ANDROID_DEVICES`: adb serials, or `host:port` of redroid containers — one phone each. A function
   * is read again every `DEVICE_LIST_MS`: a device it adds is new capacity (one it drops stays until
   * the host restarts, as its phone may be rented).
   */
  devices: readonly string[] | (() => readonly string[]);
  /** `SCRCPY_SERVER`: the scrcpy server file of the version the host speaks (`SCRCPY_VERSION`). */
  serverFile: string;
  /** `ADB_SERVER`: the machine's adb server, for serials (127.0.0.1:5037 by default). */
  adbServer?: AdbServerAddress;
  /** Where it keeps which phone runs on which device, and its adb key; ':memory:' keeps nothing. */
  dataDir: string;
  log?: (message: string) => void;
}

/**
 * The Android driver (`PHONE_DRIVER=android`, issue 60): a phone per device of `ANDROID_DEVICES`.
 * Creating an instance takes a free device, and its capacity is its devices, so the control plane's
 * stock and placement follow them. A handset cannot be made a new machine, reset, snapshotted or
 * set to another resolution or model: those capabilities it lacks.
 */
export class AndroidDriver implements PhoneDriver {
  readonly name = 'android';
  readonly capabilities = new Set<PhoneCapability>([
    'screen',
    'touch',
    'keys',
    'text',
    'clipboard',
    'rotate',
    'restart',
    'files',
    'apps',
    'adb',
  ]);
  private readonly devices: AndroidDevice[] = [];
  private readonly listing: NodeJS.Timeout | undefined;
  private readonly deviceDeps: DeviceDeps;
  private readonly phones = new Map<string, AndroidPhone>();
  private readonly placesFile: string | undefined;
  private readonly tasks: DeviceTasks;
  /** The restart each device is in, until it answers again. */
  private readonly restarts = new Map<AndroidDevice, string>();
  /** Devices given back, being wiped before they take another phone. */
  private readonly wiping = new Set<AndroidDevice>();
  private readonly log: (message: string) => void;

  constructor(
    private readonly services: HostServices,
    private readonly options: AndroidDriverOptions,
  ) {
    this.tasks = new DeviceTasks(services.clock.now);
    this.log = options.log ?? ((message) => console.warn(message));
    const memory = options.dataDir === ':memory:';
    this.placesFile = memory ? undefined : join(options.dataDir, 'android-devices.json');
    this.deviceDeps = {
      credentials: hostAdbKey(memory ? undefined : join(options.dataDir, 'android-adbkey.der')),
      adbServer: options.adbServer ?? { host: '127.0.0.1', port: 5037 },
      serverFile: options.serverFile,
      log: (message) => this.log(message),
      changed: (device, change) => {
        // A device back from its restart ends the task.
        const restart = this.restarts.get(device);
        if (restart && device.online && !device.restarting) {
          this.restarts.delete(device);
          this.tasks.finish(restart);
        }
        const phone = this.list().find((p) => p.device === device);
        phone?.tell(
          change.clipboard === undefined ? { type: 'changed' } : { type: 'clipboard', text: change.clipboard },
        );
      },
    };
    const list = options.devices;
    this.addDevices(typeof list === 'function' ? list() : list);
    if (typeof list === 'function') this.listing = setInterval(() => this.addDevices(list()), DEVICE_LIST_MS).unref();
    // Phones made before a restart are on the devices they were made on.
    for (const [instanceNo, serial] of Object.entries(this.readPlaces())) {
      const device = this.devices.find((d) => d.serial === serial);
      if (device) this.phones.set(instanceNo, new AndroidPhone(instanceNo, device, services.clock.now, services.blobs));
    }
  }

  get capacity(): number {
    return this.devices.length;
  }

  async ready(): Promise<void> {
    await Promise.all(this.devices.map((device) => device.firstAttempt));
  }

  /** Makes the phone on a free device (asked again, the one made); none free throws NoFreeDevice. */
  create(options: { instanceNo?: string } = {}): AndroidPhone {
    const known = options.instanceNo === undefined ? undefined : this.phones.get(options.instanceNo);
    if (known) return known;
    const taken = new Set([...this.phones.values()].map((phone) => phone.device).concat([...this.wiping]));
    const device = this.devices.find((d) => !taken.has(d));
    if (!device) throw new NoFreeDevice(`all ${this.devices.length} devices run a phone`);
    const instanceNo = options.instanceNo ?? `cp-${randomBytes(6).toString('hex')}`;
    const phone = new AndroidPhone(instanceNo, device, this.services.clock.now, this.services.blobs);
    this.phones.set(instanceNo, phone);
    this.savePlaces();
    return phone;
  }

  /**
   * The phone is given back: its device is wiped of what its customer left (apps, files), then takes the
   * next phone made — not before, so nobody finds another's data.
   */
  async release(instanceNo: string): Promise<void> {
    const phone = this.phones.get(instanceNo);
    if (!phone) return;
    this.phones.delete(instanceNo);
    this.savePlaces();
    this.wiping.add(phone.device);
    await phone.device.storage
      .wipe()
      .catch((error: unknown) => this.log(`android device ${phone.device.serial}: wipe failed: ${String(error)}`))
      .finally(() => this.wiping.delete(phone.device));
  }

  get(instanceNo: string): AndroidPhone | undefined {
    return this.phones.get(instanceNo);
  }

  require(instanceNo: string): AndroidPhone {
    const phone = this.get(instanceNo);
    if (!phone) throw new PhoneNotFound(instanceNo);
    return phone;
  }

  list(): AndroidPhone[] {
    return [...this.phones.values()];
  }

  /** `adb reboot`, as a task that runs until the device answers again. */
  reboot(instanceNo: string, taskId?: string): Task {
    const phone = this.require(instanceNo);
    const { task, known } = this.tasks.start(instanceNo, 'reboot', taskId);
    if (known) return task;
    this.restarts.set(phone.device, task.id);
    phone.device.reboot().catch(() => {
      this.restarts.delete(phone.device);
      this.tasks.finish(task.id, 'offline');
    });
    return task;
  }

  // The host API's own file and package calls carry no bytes (a virtual phone's records): a device
  // takes files and packages through the push runner, which has them (`placeFile`, `install`).
  pushFile = lacks('files');
  installApp = lacks('apps');
  // What a handset lacks: refused before they are asked.
  reset = lacks('reset');
  newMachine = lacks('new-machine');
  setResolution = lacks('resolution');
  setModel = lacks('model');
  setRoot = lacks('root');
  setOperatorState = lacks('operator-state');
  snapshot = lacks('snapshots');
  applySnapshot = lacks('snapshots');
  copyUserData = lacks('snapshots');
  snapshotInfo = lacks('snapshots');
  exportSnapshot = lacks('snapshots');
  importSnapshot = lacks('snapshots');
  deleteSnapshot = lacks('snapshots');

  subscribeTasks(listener: (event: HostTaskEvent) => void): () => void {
    return this.tasks.subscribe(listener);
  }

  task(taskId: string): TaskResult | undefined {
    return this.tasks.result(taskId);
  }

  /** The handsets its phones are: what the devices say they are. */
  models() {
    return this.devices.flatMap((device) => {
      const identity = device.facts?.identity;
      return identity ? [{ ...identity }] : [];
    });
  }

  /** The device's own adbd, relayed behind the phone's ADB endpoint (issue 61). */
  adb(instanceNo: string): AdbRelay | undefined {
    const phone = this.get(instanceNo);
    return phone && new AdbRelay(phone.device, this.services, instanceNo);
  }

  close(): void {
    clearInterval(this.listing);
    for (const device of this.devices) device.close();
  }

  /** Devices of the list not yet held: each connected, and counted in the capacity. */
  private addDevices(serials: readonly string[]): void {
    for (const serial of serials)
      if (!this.devices.some((device) => device.serial === serial))
        this.devices.push(new AndroidDevice(serial, this.deviceDeps));
  }

  private readPlaces(): Record<string, string> {
    if (!this.placesFile || !existsSync(this.placesFile)) return {};
    return JSON.parse(readFileSync(this.placesFile, 'utf8')) as Record<string, string>;
  }

  private savePlaces(): void {
    if (!this.placesFile) return;
    const places = Object.fromEntries(this.list().map((phone) => [phone.instanceNo, phone.device.serial]));
    writeFileSync(this.placesFile, JSON.stringify(places, null, 2));
  }
}
