import type { AdminHost } from '@cloudphone/contracts/console-clients';
import type { AuditActor } from '../../repositories/audit.repository';
import type { RepositoriesOf } from '../../repositories/index';
import type { Clock } from '../clock';
import type { HostListing, HostRegistryService } from '../hosts/host-registry.service';
import type { AuditTrail } from './audit-trail';

/** A host as the console and `host:list` tell it: its state in one word, its ADB as `address:from-to`. */
export function hostView(host: HostListing): AdminHost {
  return {
    name: host.name,
    state: host.online === undefined ? 'fixed' : host.online ? 'online' : 'offline',
    draining: host.draining,
    lastSeenAt: host.lastSeenAt,
    phones: host.phones,
    capacity: host.capacity,
    region: host.region,
    publicUrl: host.publicUrl,
    adb: host.adb ? `${host.adb.address}:${host.adb.ports.from}-${host.adb.ports.to}` : null,
  };
}

/**
 * The platform's device hosts as its operators run them (issue 63): listed with their load, drained and
 * let take phones again, joined by tokens — the operations `host:*` is the shell's face of. A host serves
 * every merchant, so its changes are the platform's in the trail (no tenant).
 */
export class ConsoleHosts {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'audit'>;
      clock: Clock;
      audit: AuditTrail;
      hostRegistry: HostRegistryService;
    },
  ) {}

  async list(): Promise<AdminHost[]> {
    return (await this.deps.hostRegistry.list()).map(hostView);
  }

  async drain(actor: AuditActor, name: string, draining: boolean): Promise<void> {
    await this.deps.repos.transaction(async (tx) => {
      await this.deps.hostRegistry.drain(name, draining, tx);
      await this.deps.audit.record(tx, actor, null, {
        action: draining ? 'host.drain' : 'host.undrain',
        target: ['host', name],
        after: { draining },
      });
    });
  }

  /** The token is shown once: the trail records that one was made for the name, and until when. */
  async token(actor: AuditActor, name: string, minutes: number) {
    return this.deps.repos.transaction(async (tx) => {
      const made = await this.deps.hostRegistry.issueToken(name, minutes, tx);
      await this.deps.audit.record(tx, actor, null, {
        action: 'host.token',
        target: ['host', name],
        after: { expiresAt: made.expiresAt },
      });
      return made;
    });
  }
}
