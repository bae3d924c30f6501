import type { AdbDriver } from '../../../adb/driver';
import { EmulatedDaemon } from './emulated-daemon';
import type { VirtualPhone } from '../virtual-phone';
import type { DaemonMemory, DaemonServices } from './emulated-phone';
import { emptyScratch } from './phone-files';

/** The emulated adbd of each virtual phone of a host: what it keeps between connections, per phone. */
export class EmulatedDaemons {
  private readonly memories = new Map<string, DaemonMemory>();

  constructor(
    private readonly host: DaemonServices,
    private readonly phoneOf: (instanceNo: string) => VirtualPhone | undefined,
  ) {}

  /** The phone's daemon, or undefined when the host has no such phone. */
  driverFor(instanceNo: string): AdbDriver | undefined {
    const phone = this.phoneOf(instanceNo);
    if (!phone) return undefined;
    let memory = this.memories.get(instanceNo);
    if (!memory) {
      memory = { ...emptyScratch(), properties: new Map() };
      this.memories.set(instanceNo, memory);
    }
    return new EmulatedDaemon(this.host, phone, memory);
  }
}
