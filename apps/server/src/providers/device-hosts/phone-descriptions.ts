import type { DeviceHostClient, InstanceInfo } from './device-host-client';

/** How many phones' last told states a node keeps (each a few hundred bytes). */
const KEPT_PHONES = 50_000;

/** What a description needs of the hosts: the client of one that can be called now, and whether it is late. */
export interface DescribedHosts {
  client(hostId: number): DeviceHostClient | undefined;
  /** Late with its beat: likely stopped, not yet counted offline. */
  late(hostId: number): boolean;
}

/**
 * What the hosts tell of phones, each host asked for its own (issue 51: a page of them, never its
 * whole fleet). A phone whose host is offline is left out — its users see it offline until the host is
 * back; one whose host is late with its beat, or does not answer, is as the host last told (issue 49),
 * rather than waited on. The newest KEPT_PHONES answers are kept for that.
 */
export class PhoneDescriptions {
  private readonly lastKnown = new Map<string, InstanceInfo>();

  constructor(private readonly hosts: DescribedHosts) {}

  async describe(phones: readonly { deviceHostId: number; instanceNo: string }[]): Promise<Map<string, InstanceInfo>> {
    const byHost = new Map<number, string[]>();
    for (const p of phones) byHost.set(p.deviceHostId, [...(byHost.get(p.deviceHostId) ?? []), p.instanceNo]);
    const all = new Map<string, InstanceInfo>();
    await Promise.all(
      [...byHost].map(async ([hostId, instanceNos]) => {
        const client = this.hosts.client(hostId);
        if (!client) return;
        const told = this.hosts.late(hostId) ? undefined : await client.describe(instanceNos).catch(() => undefined);
        for (const no of instanceNos) {
          const info = told ? told.get(no) : this.lastKnown.get(no);
          if (info) all.set(no, info);
        }
        if (told) this.remember(told);
      }),
    );
    return all;
  }

  private remember(told: ReadonlyMap<string, InstanceInfo>): void {
    for (const [instanceNo, info] of told) {
      this.lastKnown.delete(instanceNo);
      this.lastKnown.set(instanceNo, info);
    }
    for (const oldest of this.lastKnown.keys()) {
      if (this.lastKnown.size <= KEPT_PHONES) break;
      this.lastKnown.delete(oldest);
    }
  }
}
