import { lazy, type ComponentType } from 'react';
import type { ConsoleAction } from '@cloudphone/contracts/operators';

/** A section of the console: its path, and what the role table must let the operator do to see it. */
export interface ConsoleSection {
  key: 'catalogue' | 'codes' | 'orders' | 'operators' | 'audit';
  needs: ConsoleAction;
  page: ComponentType;
}

/** The console's sections (issue 62), in the menu's order; each a feature of its own, loaded when opened. */
export const SECTIONS: readonly ConsoleSection[] = [
  {
    key: 'catalogue',
    needs: 'catalogue.read',
    page: lazy(() => import('../features/console-catalogue/CataloguePage')),
  },
  { key: 'codes', needs: 'codes.read', page: lazy(() => import('../features/console-codes/CodesPage')) },
  { key: 'orders', needs: 'orders.read', page: lazy(() => import('../features/console-orders/OrdersPage')) },
  {
    key: 'operators',
    needs: 'operators.read',
    page: lazy(() => import('../features/console-operators/OperatorsPage')),
  },
  { key: 'audit', needs: 'audit.read', page: lazy(() => import('../features/console-audit/AuditPage')) },
];
