import type { PackageUsage } from '@cloudphone/contracts/commerce';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

export interface ActivationCodeRow {
  id: number;
  tenantId: number;
  code: string;
  packageId: number;
  usage: PackageUsage;
  validUntil: number;
  usedBy: number | null;
  usedAt: number | null;
  usedUsage: 'buy' | 'renew' | null;
  phoneIds: number[];
  voidedAt: number | null;
}

const columns = [
  'id',
  'tenant_id as tenantId',
  'code',
  'package_id as packageId',
  'usage',
  'valid_until as validUntil',
  'used_by as usedBy',
  'used_at as usedAt',
  'used_usage as usedUsage',
  'phone_ids as phoneIds',
  'voided_at as voidedAt',
] as const;
type Row = Omit<ActivationCodeRow, 'usage' | 'usedUsage' | 'phoneIds'> & {
  usage: string;
  usedUsage: string | null;
  phoneIds: string;
};
const toCode = (row: Row): ActivationCodeRow => ({
  ...row,
  voidedAt: row.voidedAt === null ? null : Number(row.voidedAt),
  usage: row.usage as PackageUsage,
  usedUsage: row.usedUsage as ActivationCodeRow['usedUsage'],
  phoneIds: JSON.parse(row.phoneIds) as number[],
});

/** Activation codes: single use, claimed by compare-and-set so one of racing redemptions wins. */
export class ActivationCodeRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(
    codes: readonly string[],
    spec: { tenantId: number; packageId: number; usage: PackageUsage; validUntil: number; batchNo: string; at: number },
  ): Promise<void> {
    await this.db
      .insertInto('activation_code')
      .values(
        codes.map((code) => ({
          tenant_id: spec.tenantId,
          code,
          package_id: spec.packageId,
          usage: spec.usage,
          batch_no: spec.batchNo,
          valid_until: spec.validUntil,
          created_at: spec.at,
        })),
      )
      .execute();
  }

  /** A tenant's codes by batch or code, newest first, a page at a time (the console's list, issue 62). */
  async search(
    tenantId: number,
    filter: { batchNo?: string; code?: string; pageNo: number; pageSize: number },
  ): Promise<{ list: (ActivationCodeRow & { batchNo: string; createdAt: number })[]; total: number }> {
    let query = this.db.selectFrom('activation_code').where('tenant_id', '=', tenantId);
    if (filter.batchNo) query = query.where('batch_no', '=', filter.batchNo);
    if (filter.code) query = query.where('code', '=', filter.code);
    const { rows, total } = await pageOf(
      query,
      // Newest first, in the order of the index that serves the filter (see the orders' search).
      (q) =>
        (filter.batchNo ? (['tenant_id', 'batch_no', 'id'] as const) : (['tenant_id', 'id'] as const)).reduce(
          (sorted, column) => sorted.orderBy(column, 'desc'),
          q.select([...columns, 'batch_no as batchNo', 'created_at as createdAt']),
        ),
      filter,
    );
    return {
      total,
      list: rows.map((row) => ({ ...toCode(row), batchNo: row.batchNo, createdAt: Number(row.createdAt) })),
    };
  }

  /** A batch's every code, oldest first (its CSV). */
  async batch(
    tenantId: number,
    batchNo: string,
  ): Promise<(ActivationCodeRow & { batchNo: string; createdAt: number })[]> {
    const rows = await this.db
      .selectFrom('activation_code')
      .select([...columns, 'batch_no as batchNo', 'created_at as createdAt'])
      .where('tenant_id', '=', tenantId)
      .where('batch_no', '=', batchNo)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...toCode(row), batchNo: row.batchNo, createdAt: Number(row.createdAt) }));
  }

  /**
   * Voids the unused codes of a batch or of a list, at once against a racing redemption (a code is
   * either claimed or voided, never both); answers the codes it voided.
   */
  async voidUnused(
    tenantId: number,
    which: { batchNo: string } | { codes: readonly string[] },
    at: number,
  ): Promise<string[]> {
    const rows = await this.db
      .updateTable('activation_code')
      .set({ voided_at: at })
      .where('tenant_id', '=', tenantId)
      .where((eb) => ('batchNo' in which ? eb('batch_no', '=', which.batchNo) : eb('code', 'in', which.codes)))
      .where('used_by', 'is', null)
      .where('voided_at', 'is', null)
      .returning('code')
      .execute();
    return rows.map((row) => row.code);
  }

  /** Case sensitive: `ab` and `AB` are different codes (spec §3). */
  async find(tenantId: number, code: string): Promise<ActivationCodeRow | undefined> {
    const row = await this.db
      .selectFrom('activation_code')
      .select(columns)
      .where('tenant_id', '=', tenantId)
      .where('code', '=', code)
      .executeTakeFirst();
    return row && toCode(row);
  }

  /** Takes an unused code for a user; false when someone took it first. */
  async claim(id: number, userId: number, usage: 'buy' | 'renew', at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('activation_code')
      .set({ used_by: userId, used_at: at, used_usage: usage })
      .where('id', '=', id)
      .where('used_by', 'is', null)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives back a claimed code whose use fell through (no stock after all). */
  async unclaim(id: number): Promise<void> {
    await this.db
      .updateTable('activation_code')
      .set({ used_by: null, used_at: null, used_usage: null })
      .where('id', '=', id)
      .execute();
  }

  async setPhones(id: number, phoneIds: readonly number[]): Promise<void> {
    await this.db
      .updateTable('activation_code')
      .set({ phone_ids: JSON.stringify(phoneIds) })
      .where('id', '=', id)
      .execute();
  }

  async usedBy(
    tenantId: number,
    userId: number,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ list: ActivationCodeRow[]; total: number }> {
    const query = this.db.selectFrom('activation_code').where('tenant_id', '=', tenantId).where('used_by', '=', userId);
    const { rows, total } = await pageOf(
      query,
      (q) => q.select(columns).orderBy('used_at', 'desc').orderBy('id', 'desc'),
      page,
    );
    return { list: rows.map(toCode), total };
  }
}
