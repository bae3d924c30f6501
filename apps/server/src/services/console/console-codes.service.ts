import type { PackageUsage } from '@cloudphone/contracts/commerce';
import type { AuditActor } from '../../repositories/audit.repository';
import type { ActivationCodeRow } from '../../repositories/activation-code.repository';
import type { RepositoriesOf } from '../../repositories/index';
import type { ActivationCodeService } from '../commerce/activation-code.service';
import type { Clock } from '../clock';
import type { AuditTrail } from './audit-trail';

type ListedCode = ActivationCodeRow & { batchNo: string; createdAt: number };

/**
 * Activation codes as a tenant's staff run them (issue 62): generated as a batch, searched, voided
 * and exported — the one implementation the console's routes and the admin CLI both call, each change
 * with its audit row in one unit of work.
 */
export class ConsoleCodes {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'activationCodes' | 'audit'>;
      audit: AuditTrail;
      activationCodes: ActivationCodeService;
      clock: Clock;
    },
  ) {}

  async generate(
    actor: AuditActor,
    tenantId: number,
    spec: { packageId: number; usage: PackageUsage; count: number; validDays: number },
  ) {
    return this.deps.repos.transaction(async (tx) => {
      const generated = await this.deps.activationCodes.generate(tenantId, spec, tx);
      await this.deps.audit.record(tx, actor, tenantId, {
        action: 'codes.generate',
        target: ['codes', generated.batchNo],
        after: { ...spec, batchNo: generated.batchNo },
      });
      return generated;
    });
  }

  async search(tenantId: number, filter: { batchNo?: string; code?: string; pageNo: number; pageSize: number }) {
    const page = await this.deps.repos.activationCodes.search(tenantId, filter);
    return { list: page.list.map((code) => this.listed(code)), total: page.total };
  }

  /** A batch's every code, for the CSV the console builds of it. */
  async exportBatch(tenantId: number, batchNo: string) {
    const codes = await this.deps.repos.activationCodes.batch(tenantId, batchNo);
    return { batchNo, list: codes.map((code) => this.listed(code)) };
  }

  /** Voids the unused codes of a batch or a list; a used one stays used. */
  async voidCodes(
    actor: AuditActor,
    tenantId: number,
    which: { batchNo: string } | { codes: readonly string[] },
  ): Promise<{ voided: number }> {
    return this.deps.repos.transaction(async (tx) => {
      const voided = await tx.activationCodes.voidUnused(tenantId, which, this.deps.clock.now());
      if (voided.length > 0)
        await this.deps.audit.record(tx, actor, tenantId, {
          action: 'codes.void',
          target: ['codes', 'batchNo' in which ? which.batchNo : voided[0]!],
          after: { voided },
        });
      return { voided: voided.length };
    });
  }

  private listed(code: ListedCode) {
    const status =
      code.usedBy !== null
        ? 'used'
        : code.voidedAt !== null
          ? 'voided'
          : code.validUntil <= this.deps.clock.now()
            ? 'expired'
            : 'unused';
    return { ...code, validUntil: Number(code.validUntil), status } as const;
  }
}
