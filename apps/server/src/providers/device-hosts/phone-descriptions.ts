import DataLoader from 'dataloader';
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
 *
 * The pages listed at the same moment ask a host once between them (issue 56, `dataloader`): fifty
 * users listing at once cost a joined host one call of their phones, not fifty.
 */
export class PhoneDescriptions {
  private readonly lastKnown = new Map<string, InstanceInfo>();
  private readonly loaders = new Map<number, DataLoader<string, InstanceInfo | undefined>>();

  constructor(private readonly hosts: DescribedHosts) {}

  async describe(phones: readonly { deviceHostId: number; instanceNo: string }[]): Promise<Map<string, InstanceInfo>> {
    const byHost = new Map<number, string[]>();
    for (const p of phones) byHost.set(p.deviceHostId, [...(byHost.get(p.deviceHostId) ?? []), p.instanceNo]);
    const all = new Map<string, InstanceInfo>();
    await Promise.all(
      [...byHost].map(async ([hostId, instanceNos]) => {
        if (!this.hosts.client(hostId)) return;
        const told = this.hosts.late(hostId) ? [] : await this.loaderOf(hostId).loadMany(instanceNos);
        instanceNos.forEach((no, i) => {
          const answer = told[i];
          const info = told.length > 0 && !(answer instanceof Error) ? answer : this.lastKnown.get(no);
          if (info) all.set(no, info);
        });
      }),
    );
    return all;
  }

  /** One host's loader: the phones asked for in one turn of the event loop go in one call. */
  private loaderOf(hostId: number): DataLoader<string, InstanceInfo | undefined> {
    let loader = this.loaders.get(hostId);
    if (!loader) {
      loader = new DataLoader(
        async (instanceNos) => {
          const client = this.hosts.client(hostId);
          if (!client) throw new Error(`host ${hostId} is offline`);
          const told = await client.describe(instanceNos);
          this.remember(told);
          return instanceNos.map((no) => told.get(no));
        },
        // Asked anew each time: what is kept is `lastKnown`, for a host that does not answer.
        { cache: false },
      );
      this.loaders.set(hostId, loader);
    }
    return loader;
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
