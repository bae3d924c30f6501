import { lazy, type ComponentType } from 'react';
import { CONSOLE_SECTIONS, type ConsoleAction, type ConsoleSectionKey } from '@cloudphone/contracts/operators';

/** A section of the console: its path, and what the role table must let the operator do to see it. */
export interface ConsoleSection {
  key: ConsoleSectionKey;
  needs: ConsoleAction;
  page: ComponentType;
}

/** Each section's page, a feature of its own, loaded when it is opened. */
const PAGES: Record<ConsoleSectionKey, ComponentType> = {
  dashboard: lazy(() => import('../features/console-dashboard/routes/DashboardPage')),
  catalogue: lazy(() => import('../features/console-catalogue/routes/CataloguePage')),
  codes: lazy(() => import('../features/console-codes/routes/CodesPage')),
  orders: lazy(() => import('../features/console-orders/routes/OrdersPage')),
  customers: lazy(() => import('../features/console-customers/routes/CustomersPage')),
  phones: lazy(() => import('../features/console-phones/routes/PhonesPage')),
  clients: lazy(() => import('../features/console-clients/routes/ClientsPage')),
  hosts: lazy(() => import('../features/console-hosts/routes/HostsPage')),
  wallets: lazy(() => import('../features/console-wallets/routes/WalletsPage')),
  discover: lazy(() => import('../features/console-discover/routes/DiscoverPage')),
  messages: lazy(() => import('../features/console-messages/routes/MessagesPage')),
  operators: lazy(() => import('../features/console-operators/routes/OperatorsPage')),
  audit: lazy(() => import('../features/console-audit/routes/AuditPage')),
};

/** The console's sections (issue 62), in the menu's order (contracts, `CONSOLE_SECTIONS`). */
export const SECTIONS: readonly ConsoleSection[] = (Object.keys(CONSOLE_SECTIONS) as ConsoleSectionKey[]).map(
  (key) => ({ key, needs: CONSOLE_SECTIONS[key], page: PAGES[key] }),
);
