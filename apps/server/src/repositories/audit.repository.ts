import type { AppDatabase } from '../db/database';
import { pageOf, type PageAsked } from '../db/paging';

/** Who made a change: an operator signed in to the console, or the admin CLI's user. */
export interface AuditActor {
  kind: 'operator' | 'cli';
  /** The operator; undefined for the CLI. */
  operatorId?: number;
  /** The operator's login, or the operating-system user who ran the CLI. */
  name: string;
  /** The operator's role, or `cli`. */
  role: string;
  /** The request's address, or the machine's name for the CLI. */
  address: string;
}

/** One change, as the trail keeps it. */
export interface AuditEntry {
  id: number;
  tenantId: number | null;
  actor: AuditActor;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  at: number;
}

/** What the trail is searched by (all optional). */
export interface AuditFilter {
  action?: string;
  actorName?: string;
  targetType?: string;
  targetId?: string;
  from?: number;
  to?: number;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/** The audit trail (issue 62): every change an operator or the CLI made, with its before and after. */
export class AuditRepository {
  constructor(private readonly db: AppDatabase) {}

  async add(entry: Omit<AuditEntry, 'id'>): Promise<void> {
    await this.db
      .insertInto('audit_entry')
      .values({
        tenant_id: entry.tenantId,
        actor_kind: entry.actor.kind,
        operator_id: entry.actor.operatorId ?? null,
        actor_name: entry.actor.name,
        role: entry.actor.role,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before_json: json(entry.before),
        after_json: json(entry.after),
        address: entry.actor.address,
        at: entry.at,
      })
      .execute();
  }

  /** A tenant's entries (null: the platform's), newest first, a page at a time. */
  async list(
    tenantId: number | null,
    filter: AuditFilter,
    page: PageAsked,
  ): Promise<{ rows: AuditEntry[]; total: number }> {
    let filtered = this.db.selectFrom('audit_entry').where('tenant_id', tenantId === null ? 'is' : '=', tenantId);
    if (filter.action) filtered = filtered.where('action', '=', filter.action);
    if (filter.actorName) filtered = filtered.where('actor_name', '=', filter.actorName);
    if (filter.targetType) filtered = filtered.where('target_type', '=', filter.targetType);
    if (filter.targetId) filtered = filtered.where('target_id', '=', filter.targetId);
    if (filter.from !== undefined) filtered = filtered.where('at', '>=', filter.from);
    if (filter.to !== undefined) filtered = filtered.where('at', '<', filter.to);
    // Newest first, in the order of the index that serves the filter (see the orders' search).
    const order = filter.action ? (['tenant_id', 'action', 'id'] as const) : (['tenant_id', 'id'] as const);
    const { rows, total } = await pageOf(
      filtered,
      (q) => order.reduce((sorted, column) => sorted.orderBy(column, 'desc'), q.selectAll()),
      page,
    );
    return {
      total,
      rows: rows.map((row) => ({
        id: Number(row.id),
        tenantId: row.tenant_id,
        actor: {
          kind: row.actor_kind as AuditActor['kind'],
          ...(row.operator_id === null ? {} : { operatorId: row.operator_id }),
          name: row.actor_name,
          role: row.role,
          address: row.address,
        },
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: parsed(row.before_json),
        after: parsed(row.after_json),
        at: Number(row.at),
      })),
    };
  }
}
