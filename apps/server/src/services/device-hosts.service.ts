import type { HostSyncFollowerEvent, HostTaskEvent } from '@cloudphone/contracts/host-api';
import { AppError } from '../http/app-error';
import type { DeviceHostClient } from '../providers/device-hosts/device-host-client';
import type { DeviceHostRecord } from '../repositories/device-host.repository';
import type { RepositoriesOf } from '../repositories/index';
import type { Clock } from './clock';
import { type CacheInvalidation, InProcessCacheInvalidation } from '../cluster/cache-invalidation';

/** What each node computes from the list of hosts, said stale when the list changes. */
const DEVICE_HOSTS_CACHE = 'device-hosts';

/** The hosts this control plane can place phones on, registered in the database by name. */
export class DeviceHostsService {
  private readonly clients = new Map<number, DeviceHostClient>();
  private readonly taskHandlers = new Set<(hostId: number, event: HostTaskEvent) => void>();
  private readonly stateWantedHandlers = new Set<(hostId: number) => void>();
  private readonly syncFollowerHandlers = new Set<(event: HostSyncFollowerEvent) => void>();
  private readonly subscriptions: (() => void)[] = [];

  private version = 0;

  constructor(
    private readonly repos: RepositoriesOf<'deviceHosts'>,
    private readonly clock: Clock,
    private readonly caches: CacheInvalidation = new InProcessCacheInvalidation(),
  ) {
    caches.on(DEVICE_HOSTS_CACHE, () => this.version++);
  }

  /**
   * Moves whenever the list of hosts changes, on this node or another (DESIGN §8): what is computed
   * from the list (the security headers' connect-src) is computed again.
   */
  get listVersion(): number {
    return this.version;
  }

  async attach(client: DeviceHostClient): Promise<DeviceHostRecord> {
    const record = await this.repos.deviceHosts.register(client.name, client.publicUrl, this.clock.now());
    this.clients.set(record.id, client);
    this.caches.invalidate(DEVICE_HOSTS_CACHE);
    // Every host's task events reach the services that wait on them (DESIGN §10); its ask for its
    // phones' whole state reaches the delivery to hosts (issue 20).
    this.subscriptions.push(
      client.subscribe({
        task: (event) => {
          for (const handle of this.taskHandlers) handle(record.id, event);
        },
        stateWanted: () => {
          for (const handle of this.stateWantedHandlers) handle(record.id);
        },
        syncFollower: (event) => {
          for (const handle of this.syncFollowerHandlers) handle(event);
        },
      }),
    );
    return record;
  }

  /** Hears every task event of every attached host. */
  onTaskEvent(handler: (hostId: number, event: HostTaskEvent) => void): void {
    this.taskHandlers.add(handler);
  }

  /** Hears every host tell how a follower of a sync session keeps up (issue 26). */
  onSyncFollower(handler: (event: HostSyncFollowerEvent) => void): void {
    this.syncFollowerHandlers.add(handler);
  }

  /** Hears a host ask for the whole state of its phones (when it starts, and on every reconnect). */
  onStateWanted(handler: (hostId: number) => void): void {
    this.stateWantedHandlers.add(handler);
  }

  /** Stops listening to the hosts (the server is closing). */
  close(): void {
    for (const unsubscribe of this.subscriptions.splice(0)) unsubscribe();
  }

  /** Where a new phone goes: the first attached host, until placement by load lands with scale-out. */
  placement(): { hostId: number; client: DeviceHostClient } {
    const first = this.clients.entries().next();
    if (first.done) throw new AppError('deviceNotConnected');
    const [hostId, client] = first.value;
    return { hostId, client };
  }

  hasHosts(): boolean {
    return this.clients.size > 0;
  }

  client(hostId: number): DeviceHostClient | undefined {
    return this.clients.get(hostId);
  }

  /** Every host this process drives. */
  all(): DeviceHostClient[] {
    return [...this.clients.values()];
  }

  /** The hosts this process drives, by name, and those of them that answer now (the server's /ready). */
  reach(): { known: string[]; online: string[] } {
    const hosts = this.all();
    return { known: hosts.map((h) => h.name), online: hosts.filter((h) => h.online).map((h) => h.name) };
  }

  /** Where clients reach the separate hosts (an embedded host is the server's own origin). */
  publicUrls(): string[] {
    return [...this.clients.values()].map((c) => c.publicUrl).filter(Boolean);
  }
}
