import type { CouponKind } from '@cloudphone/contracts/promotion';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import type { AppDatabase } from '../db/database';
import { storedText, textOfStored } from './catalogue-text';

/** How a coupon stands in the database; `unavailable` is worked out from its dates. */
export type StoredCouponStatus = 'unused' | 'in_use' | 'used';

export interface CouponRow {
  id: number;
  tenantId: number;
  userId: number;
  kind: CouponKind;
  name: LocalizedText;
  amountCents: number;
  ratePercent: number;
  maxDiscountCents: number;
  extensionDays: number;
  minAmountCents: number;
  validFrom: number;
  validUntil: number;
  status: StoredCouponStatus;
  orderId: number | null;
}
export type NewCoupon = Omit<CouponRow, 'id' | 'status' | 'orderId'> & { source: string; createdAt: number };

const columns = [
  'id',
  'tenant_id as tenantId',
  'user_id as userId',
  'kind',
  'name',
  'amount_cents as amountCents',
  'rate_percent as ratePercent',
  'max_discount_cents as maxDiscountCents',
  'extension_days as extensionDays',
  'min_amount_cents as minAmountCents',
  'valid_from as validFrom',
  'valid_until as validUntil',
  'status',
  'order_id as orderId',
] as const;
const toCoupon = (
  row: Omit<CouponRow, 'name' | 'kind' | 'status'> & { name: string; kind: string; status: string },
): CouponRow => ({
  ...row,
  name: textOfStored(row.name),
  kind: row.kind as CouponKind,
  status: row.status as StoredCouponStatus,
});

/** Users' coupons and the gift bag claims. An order holds its coupon (in use) until paid or closed. */
export class CouponRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(coupons: readonly NewCoupon[]): Promise<void> {
    if (coupons.length === 0) return;
    await this.db
      .insertInto('coupon')
      .values(
        coupons.map((c) => ({
          tenant_id: c.tenantId,
          user_id: c.userId,
          kind: c.kind,
          name: storedText(c.name),
          amount_cents: c.amountCents,
          rate_percent: c.ratePercent,
          max_discount_cents: c.maxDiscountCents,
          extension_days: c.extensionDays,
          min_amount_cents: c.minAmountCents,
          valid_from: c.validFrom,
          valid_until: c.validUntil,
          status: 'unused',
          source: c.source,
          created_at: c.createdAt,
        })),
      )
      .execute();
  }

  async listOfUser(tenantId: number, userId: number): Promise<CouponRow[]> {
    const rows = await this.db
      .selectFrom('coupon')
      .select(columns)
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .orderBy('valid_until')
      .orderBy('id')
      .execute();
    return rows.map(toCoupon);
  }

  async findById(id: number): Promise<CouponRow | undefined> {
    const row = await this.db.selectFrom('coupon').select(columns).where('id', '=', id).executeTakeFirst();
    return row && toCoupon(row);
  }

  /** The order was paid: its coupon is spent. */
  async consume(orderId: number): Promise<void> {
    await this.db
      .updateTable('coupon')
      .set({ status: 'used' })
      .where('order_id', '=', orderId)
      .where('status', '=', 'in_use')
      .execute();
  }

  /** The order closed unpaid: its coupon can be used again. */
  async release(orderId: number): Promise<void> {
    await this.db
      .updateTable('coupon')
      .set({ status: 'unused', order_id: null })
      .where('order_id', '=', orderId)
      .where('status', '=', 'in_use')
      .execute();
  }

  /** The user's one gift bag: false when it was claimed before. */
  async claimGiftBag(tenantId: number, userId: number, at: number): Promise<boolean> {
    const result = await this.db
      .insertInto('gift_bag_claim')
      .values({ tenant_id: tenantId, user_id: userId, at })
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async hasClaimedGiftBag(tenantId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('gift_bag_claim')
      .select('at')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
