import type { Generated } from 'kysely';

// A merchant's staff and what they did (issue 62).

/** An operator of a tenant's console, or of the platform (no tenant: every tenant). */
export interface OperatorTable {
  id: Generated<number>;
  /** Null for a platform operator. */
  tenant_id: number | null;
  login: string;
  password_hash: string;
  /** owner | operations | finance | support (`OPERATOR_ROLES`). */
  role: string;
  /** The second factor's secret (base32, TOTP). */
  totp_secret: string;
  created_at: number;
  /** Set when its owner took the sign-in away: its tokens stop at once. */
  disabled_at: number | null;
}

/** One change an operator (or the admin CLI's user) made: who, as what, when, what it changed, from where. */
export interface AuditEntryTable {
  id: Generated<number>;
  /** The tenant whose data changed; null for the platform's own. */
  tenant_id: number | null;
  /** operator | cli */
  actor_kind: string;
  /** The operator; null for the CLI. */
  operator_id: number | null;
  /** The operator's login, or the operating-system user who ran the CLI. */
  actor_name: string;
  /** The operator's role when it acted; `cli` for the CLI. */
  role: string;
  /** The console action (`CONSOLE_ACTIONS`) and what of it: `package.add`, `order.refund`… */
  action: string;
  /** What it changed: `package`, `order`, `codes`, `operator`… and its id or number. */
  target_type: string;
  target_id: string;
  /** JSON of what it was before and after (null where it did not exist, or no longer does). */
  before_json: string | null;
  after_json: string | null;
  /** The address the request came from; the machine's name for the CLI. */
  address: string;
  at: number;
}
