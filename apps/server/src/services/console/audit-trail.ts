import type { AuditAction } from '@cloudphone/contracts/operators';
import type { PageAsked } from '../../db/paging';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { AuditActor, AuditEntry, AuditFilter } from '../../repositories/audit.repository';
import type { Clock } from '../clock';

/** One change as the operation that made it tells it: what, of what, before and after. */
export interface AuditedChange {
  /** One of the trail's actions (contracts, `AUDIT_ACTIONS`). */
  action: AuditAction;
  /** What it changed: its type and id (an order by its number). */
  target: [type: string, id: string];
  before?: unknown;
  after?: unknown;
}

/**
 * The audit trail (issue 62): each operation an operator or the admin CLI runs records itself here,
 * in its own unit of work, so a change and its row are written together or not at all.
 */
export class AuditTrail {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'audit'>;
      clock: Clock;
    },
  ) {}

  /** Records `change` made by `actor` on `tenantId`'s data (null: the platform's), in the unit of work `tx`. */
  async record(
    tx: Pick<Repositories, 'audit'>,
    actor: AuditActor,
    tenantId: number | null,
    change: AuditedChange,
  ): Promise<void> {
    await tx.audit.add({
      tenantId,
      actor,
      action: change.action,
      targetType: change.target[0],
      targetId: change.target[1],
      before: change.before ?? null,
      after: change.after ?? null,
      at: this.deps.clock.now(),
    });
  }

  list(tenantId: number | null, filter: AuditFilter, page: PageAsked): Promise<{ rows: AuditEntry[]; total: number }> {
    return this.deps.repos.audit.list(tenantId, filter, page);
  }
}
