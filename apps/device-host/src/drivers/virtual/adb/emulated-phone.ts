import { ADB_OPERATION_ACTIONS, type AdbOperation } from '@cloudphone/contracts/adb';
import { errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { SYNC_MAIN_UNNAMED } from '@cloudphone/contracts/sync';
import type { AdbCaller } from '../../../adb/driver';
import { WriteHold } from '../../../adb/write-hold';
import type { PhoneInput } from '../../../policy/phone-input';
import type { HostServices, InstalledApp } from '../../phone-driver';
import type { VirtualPhone } from '../virtual-phone';
import { PhoneFiles, type ScratchSpace } from './phone-files';
import { isReadOnlyProperty, systemProperties } from './phone-properties';

/** What the emulated daemons use of their host (the seam's services). */
export type DaemonServices = HostServices;

/** What a phone's daemon keeps between connections (until the host restarts). */
export interface DaemonMemory extends ScratchSpace {
  /** Properties set with `setprop` (not `ro.*`). */
  properties: Map<string, string>;
}

/**
 * A virtual phone as its emulated daemon's services reach it: every change goes through the host's
 * own paths — input through the per-phone input path, files and apps through the push logic, a
 * reboot through the control plane's power decision — so locks, sync and switches apply to ADB as
 * they do to the phone view.
 */
export class EmulatedPhone {
  readonly files: PhoneFiles;

  constructor(
    private readonly host: DaemonServices,
    readonly phone: VirtualPhone,
    private readonly memory: DaemonMemory,
    private readonly caller: AdbCaller,
    binaries: readonly string[],
  ) {
    const room = () => host.roomOf(phone);
    this.files = new PhoneFiles(phone, host.blobs, room, memory, binaries, () => host.clock.now());
  }

  get instanceNo(): string {
    return this.phone.instanceNo;
  }

  get state() {
    return this.phone.state;
  }

  properties(): Record<string, string> {
    const online = this.phone.status() === 'online';
    return { ...Object.fromEntries(this.memory.properties), ...systemProperties(this.phone.state, online) };
  }

  /** Sets a property; `ro.*` are read-only, as on a handset. */
  setProperty(name: string, value: string): boolean {
    if (isReadOnlyProperty(name)) return false;
    this.memory.properties.set(name, value);
    return true;
  }

  /**
   * Why the phone refuses `operation` now (its text in English, adb's language), or null: the access
   * table's line for it, and the phone's locks. Asked once per command, service or request, by the
   * table that declares what each asks — never by a command itself (issue 53).
   */
  refusalOf(operation: AdbOperation): string | null {
    const key = this.host.input.refusal(this.instanceNo, this.owner(), ADB_OPERATION_ACTIONS[operation]);
    return key && message(key);
  }

  /** Touch, keys, text and apps, through the phone's input path: the refusal's text, or null once applied. */
  input(input: PhoneInput): string | null {
    const key = this.host.input.apply(this.instanceNo, this.owner(), input);
    return key && message(key);
  }

  /**
   * Holds the phone for a write that takes time (a push, an install): a `pushing` lock asked of the
   * control plane (`WriteHold`), or the refusal's text.
   */
  async holdForWrite(): Promise<WriteHold | string> {
    const held = await WriteHold.take(this.host.lock(), this.caller, this.instanceNo, () => this.host.clock.now());
    return typeof held === 'string' ? message(held) : held;
  }

  /** Installs the package in a file of the host: the app lands on the launcher. */
  install(file: string, size: number): Promise<InstalledApp> {
    return this.phone.install(file, size);
  }

  /** Uninstalls a package the owner installed; false when there is none (system apps stay). */
  uninstall(packageName: string): boolean {
    return this.phone.uninstall(packageName);
  }

  /**
   * Restarts the phone if the control plane's power decision allows it (its policy, the client's
   * switches, the throttle, as for the SDK's reboot; its locks were the table's to check): the refusal's
   * text, or null once restarting.
   * The phone's adb sessions end with the restart, as a handset's do.
   */
  async reboot(): Promise<string | null> {
    const power = this.host.power();
    const { accessKey } = this.caller;
    if (!power || !accessKey) return message('deviceNotConnected');
    const decision = await power({ accessKey, instanceNo: this.instanceNo, action: 'restart' }).catch(
      (): { refused: ErrorKey } => ({ refused: 'systemException' }),
    );
    if ('refused' in decision) return message(decision.refused);
    // The reply goes out first; then the connections drop, as a handset's do when it goes down.
    setTimeout(() => this.host.disconnectAdb(this.instanceNo), 100).unref();
    return null;
  }

  /** The owner at the phone: on a sync session's main, their input drives the session. */
  private owner() {
    return this.host.input.owner(this.instanceNo);
  }
}

// A follower's refusal names its main (syncFollowing): ADB cannot, by the name its owner gave it.
const message = (key: ErrorKey) => errorMessage(key, 'en-US', SYNC_MAIN_UNNAMED['en-US']);
