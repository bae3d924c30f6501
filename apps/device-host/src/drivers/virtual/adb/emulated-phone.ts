import { AdbGate } from '../../../adb/adb-gate';
import type { AdbCaller } from '../../../adb/driver';
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
 * A virtual phone as its emulated daemon's services reach it: the gate every adb service meets
 * (`AdbGate`), and the phone's own files, properties and apps through the push logic.
 */
export class EmulatedPhone extends AdbGate {
  readonly files: PhoneFiles;

  constructor(
    host: DaemonServices,
    readonly phone: VirtualPhone,
    private readonly memory: DaemonMemory,
    caller: AdbCaller,
    binaries: readonly string[],
  ) {
    super(host, phone.instanceNo, caller);
    const room = () => host.roomOf(phone);
    this.files = new PhoneFiles(phone, host.blobs, room, memory, binaries, () => host.clock.now());
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

  /** Installs the package in a file of the host: the app lands on the launcher. */
  install(file: string, size: number): Promise<InstalledApp> {
    return this.phone.install(file, size);
  }

  /** Uninstalls a package the owner installed; false when there is none (system apps stay). */
  uninstall(packageName: string): boolean {
    return this.phone.uninstall(packageName);
  }
}
