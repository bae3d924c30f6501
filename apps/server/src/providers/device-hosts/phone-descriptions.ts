import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../../services/clock';
import type { DeviceHostClient, InstanceInfo } from './device-host-client';

/** How many phones' last told states a node keeps (each a few hundred bytes). */
const KEPT_PHONES = 50_000;

/**
 * How long a followed host's answer stands for asking it again. What its task events do not tell (a
 * language picked in the phone's own Settings) shows this late at most; a list read by hundreds of
 * users a second costs the host a call of each page this often, not one per read.
 */
export const DESCRIPTION_FRESH_MS = 2_000;

/** What a description needs of the hosts: the client of one that can be called now, and whether it is late. */
export interface DescribedHosts {
  client(hostId: number): DeviceHostClient | undefined;
  /** Late with its beat: likely stopped, not yet counted offline. */
  late(hostId: number): boolean;
}

/** A phone as its host last told it, and what says whether that still stands. */
interface Told {
  info: InstanceInfo | undefined;
  askedAt: number;
  /** The forgets counted when it was asked. */
  since: number;
  /** The number of the forget of this phone it has not been asked since (0: none). */
  forgottenAt: number;
}

/**
 * What the hosts tell of phones, each host asked for its own (issue 51: a page of them, never its
 * whole fleet). A phone whose host is offline is left out — its users see it offline until the host is
 * back; one whose host is late with its beat, or does not answer, is as the host last told (issue 49),
 * rather than waited on. The newest KEPT_PHONES answers are kept for that.
 *
 * The pages listed at the same moment ask a host once between them (issue 56, `dataloader`): fifty
 * users listing at once cost a joined host one call of their phones, not fifty. A host across the
 * network whose event stream is open is *followed*: its answer stands for DESCRIPTION_FRESH_MS,
 * unless a task of the phone moves (`forget`, from the task events) or the stream reopens
 * (`forgetAll`, on the host's ask for its phones' state) — so a joined host's list costs what the
 * embedded host's does. The host in this process is asked every time: that costs nothing.
 */
export class PhoneDescriptions {
  private readonly told = new LRUCache<string, Told>({ max: KEPT_PHONES });
  private readonly loaders = new Map<number, DataLoader<string, InstanceInfo | undefined>>();
  /** Counts forgets: an answer asked for before the last forget of its phone is not fresh. */
  private forgets = 0;
  /** The number of the last forget of every phone (`forgetAll`). */
  private forgotAll = 0;

  constructor(
    private readonly hosts: DescribedHosts,
    private readonly clock: Clock = systemClock,
  ) {}

  async describe(phones: readonly { deviceHostId: number; instanceNo: string }[]): Promise<Map<string, InstanceInfo>> {
    const byHost = new Map<number, string[]>();
    for (const p of phones) byHost.set(p.deviceHostId, [...(byHost.get(p.deviceHostId) ?? []), p.instanceNo]);
    const all = new Map<string, InstanceInfo>();
    await Promise.all(
      [...byHost].map(async ([hostId, instanceNos]) => {
        const client = this.hosts.client(hostId);
        if (!client) return;
        const late = this.hosts.late(hostId);
        const followed = client.remote && client.online;
        const asked = late ? [] : instanceNos.filter((no) => !(followed && this.fresh(no)));
        const answers = asked.length > 0 ? await this.loaderOf(hostId).loadMany(asked) : [];
        const answered = new Map(asked.map((no, i) => [no, answers[i]]));
        for (const no of instanceNos) {
          const answer = answered.get(no);
          // Unknown to a host that answered: left out. Not asked, or no answer: as last told.
          const info = answered.has(no) && !(answer instanceof Error) ? answer : this.told.get(no)?.info;
          if (info) all.set(no, info);
        }
      }),
    );
    return all;
  }

  /** A task of the phone moved: its host is asked again, whatever it told a moment ago. */
  forget(instanceNo: string): void {
    const told = this.told.get(instanceNo);
    this.told.set(instanceNo, {
      info: told?.info,
      askedAt: told?.askedAt ?? 0,
      since: told?.since ?? 0,
      forgottenAt: ++this.forgets,
    });
  }

  /** A host's event stream (re)opened: what came meanwhile was not heard, so every host is asked again. */
  forgetAll(): void {
    this.forgotAll = ++this.forgets;
  }

  private fresh(instanceNo: string): boolean {
    const told = this.told.get(instanceNo);
    return (
      told?.info !== undefined &&
      told.forgottenAt === 0 &&
      told.since >= this.forgotAll &&
      this.clock.now() - told.askedAt < DESCRIPTION_FRESH_MS
    );
  }

  /** One host's loader: the phones asked for in one turn of the event loop go in one call. */
  private loaderOf(hostId: number): DataLoader<string, InstanceInfo | undefined> {
    let loader = this.loaders.get(hostId);
    if (!loader) {
      loader = new DataLoader(
        async (instanceNos) => {
          const client = this.hosts.client(hostId);
          if (!client) throw new Error(`host ${hostId} is offline`);
          const askedAt = this.clock.now();
          const since = this.forgets;
          const told = await client.describe(instanceNos);
          for (const no of instanceNos) this.remember(no, told.get(no), askedAt, since);
          return instanceNos.map((no) => told.get(no));
        },
        // Asked anew each time: what is kept is `told`, with its own freshness.
        { cache: false },
      );
      this.loaders.set(hostId, loader);
    }
    return loader;
  }

  /** Keeps an answer; not fresh when its phone was forgotten while it was asked. */
  private remember(instanceNo: string, info: InstanceInfo | undefined, askedAt: number, since: number): void {
    if (!info) return;
    const forgottenAt = this.told.get(instanceNo)?.forgottenAt ?? 0;
    this.told.set(instanceNo, { info, askedAt, since, forgottenAt: forgottenAt > since ? forgottenAt : 0 });
  }
}
