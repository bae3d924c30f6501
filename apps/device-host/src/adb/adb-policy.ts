import type { HostAdbEndpoint } from '@cloudphone/contracts/host-api';
import type { Clock } from '../clock';
import type { AdbEndpoints } from './adb-endpoints';

/** setTimeout's longest wait; a later end is waited for again. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * What the control plane tells of each phone's ADB (issue 35), through the delivery that carries its
 * locks (DESIGN §10): the endpoint opens, takes other keys, or closes; and it closes by itself when
 * the owner's time ends, unless a renewal told a later end first.
 */
export class AdbPolicy {
  private readonly endings = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly endpoints: AdbEndpoints,
    private readonly clock: Clock,
  ) {}

  apply(instanceNo: string, adb: HostAdbEndpoint | null): void {
    clearTimeout(this.endings.get(instanceNo));
    this.endings.delete(instanceNo);
    const left = adb ? adb.until - this.clock.now() : 0;
    const open = adb && left > 0 ? { port: adb.port, publicKeys: adb.publicKeys, accessKey: adb.accessKey } : null;
    this.endpoints.set(instanceNo, open).catch((error: unknown) => {
      // A port another program holds: the owner's adb cannot connect, and nothing else is affected.
      console.warn(`ADB endpoint of ${instanceNo} on port ${adb?.port}: ${String(error)}`);
    });
    if (open)
      this.endings.set(
        instanceNo,
        setTimeout(() => this.apply(instanceNo, adb), Math.min(left, LONGEST_WAIT_MS)).unref(),
      );
  }

  close(): void {
    for (const ending of this.endings.values()) clearTimeout(ending);
    this.endings.clear();
  }
}
