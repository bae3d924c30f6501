import { hostCallGenuine, syncForwardKey } from '@cloudphone/contracts/access-key';
import { HostApiHeader, type HostSyncPeer } from '@cloudphone/contracts/host-api';
import { HOST_HEARTBEAT_MS, HOST_OFFLINE_AFTER_MS } from '@cloudphone/contracts/host-registry';
import { SDK_MAX_SKEW_MS } from '@cloudphone/contracts/sdk';
import type { LiveEventBus } from '../../events/live-event-bus';
import { AppError } from '../app-error';
import { PhoneDescriptions } from '../../providers/device-hosts/phone-descriptions';
import type { DeviceHostClient, InstanceInfo } from '../../providers/device-hosts/device-host-client';
import type { DeviceHostRecord } from '../../repositories/device-host.repository';
import type { RepositoriesOf } from '../../repositories/index';
import type { Clock } from '../clock';
import { placePhones, type PlacementCandidate } from './host-placement';
import type { CacheInvalidation } from '../../cluster/cache-invalidation';
import type { HostEvents } from './host-events';

/** What each node computes from the list of hosts, said stale when the list changes. */
const DEVICE_HOSTS_CACHE = 'device-hosts';

/** How this process drives a host that joined: a client signed with the host's own key. */
export type JoinedHostConnector = (host: DeviceHostRecord & { key: string }) => DeviceHostClient;

/** The job that keeps this process's view of the registry and tells users when a host goes or comes back. */
export const WATCH_HOSTS_JOB = 'hosts.watch';

/** A call a host signed: its method, path, body as sent and headers. */
export interface HostCall {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The hosts this control plane places phones on (DESIGN §4, §8), registered in the database by name:
 * the one in this process, those of a fixed setup (`DEVICE_HOSTS`) and those that joined with a token
 * (issue 32). A joined host has its own key and is there while it beats; every host's events reach the
 * services that wait on them.
 */
export class DeviceHostsService {
  private readonly clients = new Map<number, { client: DeviceHostClient; key: string | null; stop: () => void }>();
  /** The registry as last read (the watch job, and each join or beat this process hears). */
  private readonly records = new Map<number, DeviceHostRecord>();
  /** What hosts tell of their phones, and told last. */
  private readonly descriptions: PhoneDescriptions;
  /** Whether each host was online when its users were last told. */
  private readonly told = new Map<number, boolean>();
  /** The server is closing: no host is listened to again. */
  private closed = false;

  private version = 0;

  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'deviceHosts'>;
      clock: Clock;
      /** The data folder's host key: the embedded host's and a fixed setup's. */
      sharedKey: string;
      events: LiveEventBus;
      /** Where each host's event stream is opened and heard. */
      hostEvents: HostEvents;
      connectJoined: JoinedHostConnector;
      caches: CacheInvalidation;
    },
  ) {
    deps.caches.on(DEVICE_HOSTS_CACHE, () => this.version++);
    this.descriptions = new PhoneDescriptions(
      {
        client: (hostId) => this.client(hostId),
        // A joined host whose last beat is older than two beats.
        late: (hostId) => {
          const record = this.records.get(hostId);
          return (
            record?.key != null &&
            record.lastSeenAt !== null &&
            deps.clock.now() - record.lastSeenAt > 2 * HOST_HEARTBEAT_MS
          );
        },
      },
      deps.clock,
    );
    // What a followed host told of a phone stands until a task of it moves, or its stream reopens.
    deps.hostEvents.onTaskEvent((_, event) => this.descriptions.forget(event.instanceNo));
    deps.hostEvents.onStateWanted(() => this.descriptions.forgetAll());
  }

  /**
   * Moves whenever the list of hosts changes, on this node or another (DESIGN §8): what is computed
   * from the list (the security headers' connect-src) is computed again.
   */
  get listVersion(): number {
    return this.version;
  }

  /**
   * Drives a host of this process or of a fixed setup, registered by its name. `asRegistered` (the
   * admin CLI) keeps a record the server made as it is — its address and ADB range are the server's
   * configuration (issue 48) — and registers the host only where none is.
   */
  async attach(client: DeviceHostClient, { asRegistered = false } = {}): Promise<DeviceHostRecord> {
    const register = asRegistered ? 'registerIfAbsent' : 'register';
    const record = await this.deps.repos.deviceHosts[register](
      client.name,
      client.publicUrl,
      client.adb ?? null,
      this.deps.clock.now(),
      client.capacity,
    );
    this.records.set(record.id, record);
    this.listen(record.id, client, null);
    this.deps.caches.invalidate(DEVICE_HOSTS_CACHE);
    return record;
  }

  /**
   * The watch (a job, every second): reads the registry, drives hosts that joined (again, with its
   * new key, one that joined anew), and tells the users of a host's phones when it goes offline or
   * comes back, so their lists show it within seconds.
   */
  async watch(): Promise<void> {
    await this.refresh();
    await this.keepCapacities();
    for (const [hostId, record] of this.records) {
      // A host of a fixed setup this process does not drive: another node tells of it.
      const online = this.online(record);
      if (online === undefined || this.told.get(hostId) === online) continue;
      this.told.set(hostId, online);
      // Told once across the nodes: the node whose write turns the record tells (issue 49).
      if (await this.deps.repos.deviceHosts.markTold(hostId, online)) await this.tellHolders(hostId);
    }
  }

  /**
   * A host this process drives whose devices changed (one added to its list, issue 61) counts them
   * from now: its record takes the capacity its client has. A joined host says it in its beats.
   */
  private async keepCapacities(): Promise<void> {
    for (const [hostId, { client, key }] of this.clients) {
      const record = this.records.get(hostId);
      if (key !== null || !record || client.capacity === undefined || client.capacity === record.capacity) continue;
      await this.deps.repos.deviceHosts.setCapacity(hostId, client.capacity);
      this.records.set(hostId, { ...record, capacity: client.capacity });
      this.deps.caches.invalidate(DEVICE_HOSTS_CACHE);
    }
  }

  /** Reads the registry: hosts that joined are driven (again, with its new key, one that joined anew). */
  async refresh(): Promise<void> {
    for (const record of await this.deps.repos.deviceHosts.list()) this.know(record);
  }

  /** What this process knows of a host now (its record as read, joined or beating here). */
  know(record: DeviceHostRecord): void {
    const known = this.records.get(record.id);
    this.records.set(record.id, record);
    // A host new here, or at a new address: what is made from the list is made again, on every node.
    if (known?.publicUrl !== record.publicUrl) this.deps.caches.invalidate(DEVICE_HOSTS_CACHE);
    if (!this.closed && record.key !== null && this.clients.get(record.id)?.key !== record.key)
      this.listen(record.id, this.deps.connectJoined({ ...record, key: record.key }), record.key);
  }

  /** Stops listening to the hosts (the server is closing). */
  close(): void {
    this.closed = true;
    for (const { stop } of this.clients.values()) stop();
    this.clients.clear();
  }

  /**
   * Hosts for `count` new phones, read in the unit of work `tx`: each the least-loaded host with room,
   * never one offline or draining (issue 32).
   */
  async place(tx: RepositoriesOf<'deviceHosts'>, count: number): Promise<number[]> {
    const chosen = placePhones(await this.candidates(tx), count);
    if (!chosen) throw new AppError('deviceNotConnected');
    return chosen;
  }

  /**
   * Whether the hosts have room for `count` new phones now: a host of devices (issue 60) has as many
   * as its free devices, and a purchase beyond them waits "to be allocated".
   */
  async hasRoom(tx: RepositoriesOf<'deviceHosts'>, count: number): Promise<boolean> {
    return placePhones(await this.candidates(tx), count) !== undefined;
  }

  private async candidates(tx: RepositoriesOf<'deviceHosts'>): Promise<PlacementCandidate[]> {
    const [records, phones] = await Promise.all([tx.deviceHosts.list(), tx.deviceHosts.phoneCounts()]);
    return records
      .filter((record) => !record.draining && this.available(record))
      .map((record) => ({ hostId: record.id, capacity: record.capacity, phones: phones.get(record.id) ?? 0 }));
  }

  hasHosts(): boolean {
    return this.clients.size > 0;
  }

  /** The client of a host that can be called now; none for a host offline (its calls would only hang). */
  client(hostId: number): DeviceHostClient | undefined {
    const record = this.records.get(hostId);
    if (record?.key != null && !this.beating(record)) return undefined;
    return this.clients.get(hostId)?.client;
  }

  /** Every host that can be called now. */
  all(): DeviceHostClient[] {
    return [...this.clients.keys()].flatMap((hostId) => this.client(hostId) ?? []);
  }

  /** What the hosts tell of these phones (`PhoneDescriptions`). */
  describePhones(phones: readonly { deviceHostId: number; instanceNo: string }[]): Promise<Map<string, InstanceInfo>> {
    return this.descriptions.describe(phones);
  }

  /** The key a host signs and checks with: its own once it joined, the data folder's otherwise. */
  keyOf(host: Pick<DeviceHostRecord, 'key'>): string {
    return host.key ?? this.deps.sharedKey;
  }

  /** The key of the host `hostId` (the data folder's when none is named); undefined for a host not joined. */
  async keyOfHost(hostId: number | undefined): Promise<string | undefined> {
    if (hostId === undefined) return this.deps.sharedKey;
    return (await this.deps.repos.deviceHosts.findById(hostId))?.key ?? undefined;
  }

  /**
   * Where a main's host forwards its input to each other host of its sync session (issue 32): that
   * host's API, and a key derived from that host's key for this session. The embedded host serves no
   * host API (its url is empty): its followers are told offline.
   */
  async syncPeers(syncId: string, followers: ReadonlyMap<number, string[]>): Promise<HostSyncPeer[]> {
    const peers: HostSyncPeer[] = [];
    for (const [hostId, instanceNos] of followers) {
      const record = await this.deps.repos.deviceHosts.findById(hostId);
      if (!record) continue;
      const url = record.apiUrl || record.publicUrl;
      peers.push({ url, key: syncForwardKey(this.keyOf(record), syncId), followers: instanceNos });
    }
    return peers;
  }

  /**
   * The host that signed a call to the server: a joined host names itself (`x-host-id`) and signs with
   * its own key; a fixed setup's signs with the data folder's (null). Undefined: not genuine.
   */
  async caller(call: HostCall): Promise<{ hostId: number | null } | undefined> {
    const named = call.headers[HostApiHeader.hostId];
    const now = this.deps.clock.now();
    if (named === undefined)
      return hostCallGenuine(this.deps.sharedKey, call, now, SDK_MAX_SKEW_MS) ? { hostId: null } : undefined;
    const record = /^\d+$/.test(String(named)) ? await this.deps.repos.deviceHosts.findById(Number(named)) : undefined;
    if (!record?.key || !hostCallGenuine(record.key, call, now, SDK_MAX_SKEW_MS)) return undefined;
    return { hostId: record.id };
  }

  /** The hosts this process knows, by name, and those of them online now (the server's /ready). */
  reach(): { known: string[]; online: string[] } {
    const known = [...this.records.values()].filter((r) => this.clients.has(r.id) || r.key !== null);
    return { known: known.map((r) => r.name), online: known.filter((r) => this.online(r) === true).map((r) => r.name) };
  }

  /** Where clients reach the separate hosts (an embedded host is the server's own origin). */
  publicUrls(): string[] {
    return [...this.clients.values()].map(({ client }) => client.publicUrl).filter(Boolean);
  }

  /**
   * Online for users: a joined host while it beats; the others while this process drives them and
   * (a separate one) its event stream is open. Undefined for a host of a fixed setup this process does
   * not drive (the admin CLI cannot tell).
   */
  online(record: DeviceHostRecord): boolean | undefined {
    if (record.key !== null) return this.beating(record);
    return this.clients.get(record.id)?.client.online;
  }

  /** Whether a new phone may go to the host: a joined one while it beats, another while this process drives it. */
  private available(record: DeviceHostRecord): boolean {
    return record.key !== null ? this.beating(record) : this.clients.has(record.id);
  }

  private beating(record: DeviceHostRecord): boolean {
    return record.lastSeenAt !== null && this.deps.clock.now() - record.lastSeenAt < HOST_OFFLINE_AFTER_MS;
  }

  /** Every host's events reach the services that wait on them (DESIGN §10), from its current client (`HostEvents`). */
  private listen(hostId: number, client: DeviceHostClient, key: string | null): void {
    this.clients.get(hostId)?.stop();
    this.clients.set(hostId, { client, key, stop: this.deps.hostEvents.listen(hostId, client) });
  }

  /** The users of a host's phones read their lists again: it went offline or came back. */
  private async tellHolders(hostId: number): Promise<void> {
    for (const [userId, userPhoneIds] of await this.deps.repos.deviceHosts.holdersOfPhones(
      hostId,
      this.deps.clock.now(),
    ))
      this.deps.events.publish(userId, { type: 'phones', change: 'host', userPhoneIds });
  }
}
