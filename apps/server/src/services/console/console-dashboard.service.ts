import { dayNumber, dayText, type DashboardDay } from '@cloudphone/contracts/console-dashboard';
import type { CacheInvalidation } from '../../cluster/cache-invalidation';
import { KeptReads } from '../../cluster/kept-reads';
import type { RepositoriesOf } from '../../repositories/index';
import type { Clock } from '../clock';
import type { HostRegistryService } from '../hosts/host-registry.service';
import type { ConsoleClients } from './console-clients.service';

const DAY_MS = 86_400_000;
/** "Expiring soon" on the dashboard: within a week. */
const EXPIRING_MS = 7 * DAY_MS;
/**
 * How long the hosts' load is kept: counting every phone the platform holds is no read for each dashboard
 * (at a million phones, a second of every request), and the figure may be this old.
 */
export const HOST_LOAD_KEPT_MS = 10_000;

interface HostLoad {
  phones: number;
  /** Null: a host takes any number. */
  capacity: number | null;
}

/**
 * How a merchant's business goes (issue 64), per UTC day over a range: money and orders from the days
 * kept as orders are paid (the merchant's or one client's), new customers from their registrations,
 * active ones from the apps' analytics; phones expiring within a week; the hosts' capacity used.
 */
export class ConsoleDashboard {
  private readonly hostLoads: KeptReads<'all', HostLoad>;
  /** The count under way: dashboards asking meanwhile wait for it rather than count again. */
  private counting?: Promise<HostLoad>;

  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'businessDays' | 'clients'>;
      clock: Clock;
      caches: CacheInvalidation;
      hostRegistry: HostRegistryService;
      consoleClients: ConsoleClients;
    },
  ) {
    this.hostLoads = new KeptReads(deps.caches, 'host-load', { keepMs: HOST_LOAD_KEPT_MS, clock: deps.clock });
  }

  async days(tenantId: number, range: { from: string; to: string; clientId?: number }) {
    const { repos, clock } = this.deps;
    const clientId =
      range.clientId === undefined ? null : (await this.deps.consoleClients.client(tenantId, range.clientId)).id;
    const [from, to] = [dayNumber(range.from), dayNumber(range.to)];
    const now = clock.now();
    const [figures, hosts] = await Promise.all([
      repos.businessDays.dashboard(tenantId, clientId, { from, to }, { from: now, to: now + EXPIRING_MS }),
      this.hostLoad(),
    ]);
    const days: DashboardDay[] = [];
    for (let day = from; day <= to; day++) {
      const sales = figures.sales.get(day);
      days.push({
        day: dayText(day),
        revenueCents: sales?.revenueCents ?? 0,
        orders: sales?.orders ?? 0,
        phonesSold: sales?.phonesSold ?? 0,
        phonesRenewed: sales?.phonesRenewed ?? 0,
        newCustomers: figures.registered.get(day) ?? 0,
        activeCustomers: figures.active.get(day) ?? 0,
      });
    }
    const expiringSoon = figures.expiring;
    return { days, expiringSoon, hosts };
  }

  private hostLoad(): Promise<HostLoad> {
    return this.hostLoads.get('all', () => {
      this.counting ??= this.deps.hostRegistry
        .list()
        .then((hosts) => ({
          phones: hosts.reduce((sum, host) => sum + host.phones, 0),
          capacity: hosts.every((host) => host.capacity !== null)
            ? hosts.reduce((sum, host) => sum + host.capacity!, 0)
            : null,
        }))
        .finally(() => (this.counting = undefined));
      return this.counting;
    });
  }
}
