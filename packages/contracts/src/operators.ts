/**
 * A merchant's staff (issue 62, DESIGN §10 "Fourth wave — operators"): operators sign in to the
 * console, not to the customer faces, and what each may do is one table — role × console action —
 * read by the server's admin routes (which refuse) and by the console (which shows only what the role
 * may do), as the phone-access table is for phones. A route test walks it for every admin entry.
 */

/**
 * What an operator is: the tenant's `owner` (everything, its operators included), `operations` (what is
 * sold and the codes), `finance` (orders and refunds, and reading the rest), `support` (reading, to answer
 * customers).
 */
export const OPERATOR_ROLES = ['owner', 'operations', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The console's actions, each a section and what is done in it. */
export const CONSOLE_ACTIONS = [
  /** Grades, packages, prices and stock. */
  'catalogue.read',
  'catalogue.write',
  /** Activation codes: generate, search, void, export. */
  'codes.read',
  'codes.write',
  /** Orders with their payments and notices; a refund. */
  'orders.read',
  'orders.refund',
  /** Customers: found by mobile or UID, with their phones, grants, transfers and login devices. */
  'customers.read',
  /** A customer disabled or enabled again; a coupon given. */
  'customers.write',
  /** Every phone of the tenant with its host, customer and state. */
  'phones.read',
  /** The tenant's clients: look, functions, agreements, customer service, settings; the tenant's limits. */
  'clients.read',
  'clients.write',
  /** The platform's device hosts: load, drain, join tokens (a platform operator's only: `PLATFORM_ACTIONS`). */
  'hosts.read',
  'hosts.write',
  /** Each client's wallets, their secrets written and never read back. */
  'wallets.read',
  'wallets.write',
  /**
   * What customers read: Discover's banners, articles, pages and games; broadcasts; the AI assistant
   * (its key written, never read back) and where analytics are forwarded.
   */
  'content.read',
  'content.write',
  /** A game's default key map, which customers' control windows play until they change their copy (issue 65). */
  'keymaps.write',
  /** How the business goes: revenue, orders, customers, phones and hosts over time. */
  'dashboard.read',
  /** The tenant's operators. */
  'operators.read',
  'operators.write',
  /** Who did what. */
  'audit.read',
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

/** Who may do each console action (the table): `owner` may do everything. */
export const CONSOLE_ACTION_ROLES = {
  'catalogue.read': ['owner', 'operations', 'finance', 'support'],
  'catalogue.write': ['owner', 'operations'],
  'codes.read': ['owner', 'operations', 'finance', 'support'],
  'codes.write': ['owner', 'operations'],
  'orders.read': ['owner', 'operations', 'finance', 'support'],
  'orders.refund': ['owner', 'finance'],
  'customers.read': ['owner', 'operations', 'finance', 'support'],
  'customers.write': ['owner', 'operations'],
  'phones.read': ['owner', 'operations', 'finance', 'support'],
  'clients.read': ['owner', 'operations'],
  'clients.write': ['owner', 'operations'],
  'hosts.read': ['owner', 'operations'],
  'hosts.write': ['owner', 'operations'],
  'wallets.read': ['owner', 'finance'],
  'wallets.write': ['owner', 'finance'],
  'content.read': ['owner', 'operations', 'finance', 'support'],
  'content.write': ['owner', 'operations'],
  'keymaps.write': ['owner', 'operations'],
  'dashboard.read': ['owner', 'operations', 'finance'],
  'operators.read': ['owner'],
  'operators.write': ['owner'],
  'audit.read': ['owner', 'finance'],
} as const satisfies Record<ConsoleAction, readonly OperatorRole[]>;

/**
 * The console's sections (issue 62), in its menu's order, each with what its role must be able to do
 * to open it; the console's pages and the console sweep both list them from here.
 */
export const CONSOLE_SECTIONS = {
  dashboard: 'dashboard.read',
  catalogue: 'catalogue.read',
  codes: 'codes.read',
  orders: 'orders.read',
  customers: 'customers.read',
  phones: 'phones.read',
  clients: 'clients.read',
  hosts: 'hosts.read',
  wallets: 'wallets.read',
  discover: 'content.read',
  messages: 'content.read',
  operators: 'operators.read',
  audit: 'audit.read',
} as const satisfies Record<string, ConsoleAction>;
export type ConsoleSectionKey = keyof typeof CONSOLE_SECTIONS;

/**
 * What only the platform's operators may do, whatever their role: device hosts serve every merchant, so a
 * merchant's operator neither sees nor drains them.
 */
export const PLATFORM_ACTIONS: readonly ConsoleAction[] = ['hosts.read', 'hosts.write'];

/** Who asks: its role, and its tenant (null: the platform's operator). */
export interface OperatorStanding {
  role: OperatorRole;
  tenantId: number | null;
}

/** Whether `operator` may do `action`: the role table, and the platform's actions only for its operators. */
export function operatorMay(operator: OperatorStanding, action: ConsoleAction): boolean {
  if (PLATFORM_ACTIONS.includes(action) && operator.tenantId !== null) return false;
  return (CONSOLE_ACTION_ROLES[action] as readonly OperatorRole[]).includes(operator.role);
}

/**
 * What the audit trail records (`AuditedChange.action` on the server): each console operation's name,
 * which the console's filter offers and translates.
 */
export const AUDIT_ACTIONS = [
  'operator.create',
  'operator.disable',
  'operator.enable',
  'package.add',
  'grade.price',
  'codes.generate',
  'codes.void',
  'order.refund',
  'customer.disable',
  'customer.enable',
  'customer.coupon',
  'client.theme',
  'client.logo',
  'client.function',
  'client.agreement',
  'client.customer-service',
  'client.setting',
  'tenant.limit',
  'host.drain',
  'host.undrain',
  'host.token',
  'wallet.set',
  'wallet.off',
  'banner.add',
  'banner.remove',
  'page.add',
  'page.remove',
  'game.add',
  'game.remove',
  'game.keymap',
  'message.broadcast',
  'assistant.set',
  'analytics.forward',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An operator's login: letters, digits, `.`, `_` and `-`, 3 to 32 of them. */
export const OPERATOR_LOGIN = /^[A-Za-z0-9._-]{3,32}$/;
/** An operator's password: at least 10 characters (they reach customers' money). */
export const OPERATOR_PASSWORD_MIN = 10;
/** How long a console sign-in lasts before the operator signs in again (a working day). */
export const OPERATOR_SESSION_MS = 8 * 3_600_000;
