import type { CouponSpec } from '@cloudphone/contracts/promotion';
import type { AppDatabase } from '../db/database';

/** Redeem codes: each gives its coupons once, to the first user who redeems it. */
export class RedeemCodeRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(
    codes: readonly string[],
    spec: { tenantId: number; coupons: readonly CouponSpec[]; validUntil: number; at: number },
  ): Promise<void> {
    await this.db
      .insertInto('redeem_code')
      .values(
        codes.map((code) => ({
          tenant_id: spec.tenantId,
          code: code.toUpperCase(),
          coupons: JSON.stringify(spec.coupons),
          valid_until: spec.validUntil,
          created_at: spec.at,
        })),
      )
      .execute();
  }

  /** Redeems a code still valid and unused, in either case; its coupons, or undefined. */
  async claim(tenantId: number, code: string, userId: number, at: number): Promise<CouponSpec[] | undefined> {
    const row = await this.db
      .selectFrom('redeem_code')
      .select(['id', 'coupons'])
      .where('tenant_id', '=', tenantId)
      .where('code', '=', code.toUpperCase())
      .where('used_by', 'is', null)
      .where('valid_until', '>', at)
      .executeTakeFirst();
    if (!row) return undefined;
    const claimed = await this.db
      .updateTable('redeem_code')
      .set({ used_by: userId, used_at: at })
      .where('id', '=', row.id)
      .where('used_by', 'is', null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? (JSON.parse(row.coupons) as CouponSpec[]) : undefined;
  }
}
