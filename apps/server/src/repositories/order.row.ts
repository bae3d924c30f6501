import type { OrderStatus, PayType, SkuType } from '@cloudphone/contracts/commerce';

// An order as the order repository reads and writes it: its fields, the columns of trade_order they
// come from, and a stored row made an order (its JSON and text columns given their types).

export interface OrderRow {
  id: number;
  orderNo: string;
  tenantId: number;
  userId: number;
  skuType: SkuType;
  gradeId: number;
  packageId: number | null;
  deviceCount: number;
  durationDays: number;
  originalPriceCents: number;
  discountCents: number;
  payPriceCents: number;
  couponId: number | null;
  status: OrderStatus;
  payType: PayType | null;
  payTime: number | null;
  payToken: string | null;
  remark: string;
  phoneIds: number[];
  createdAt: number;
  payDeadline: number;
  /** When the time it delivered runs out; null until delivered. */
  endsAt: number | null;
  /** The client it was placed in, whose wallets take its money; null for orders older than wallets. */
  clientId: number | null;
}
export type NewOrder = Omit<OrderRow, 'id' | 'payType' | 'payTime' | 'remark' | 'endsAt'> & {
  payType?: PayType | null;
  payTime?: number | null;
  /** The client's key for this placement: the same key again is the same order. */
  idempotencyKey?: string | null;
};

export const orderColumns = [
  'id',
  'order_no as orderNo',
  'tenant_id as tenantId',
  'user_id as userId',
  'sku_type as skuType',
  'grade_id as gradeId',
  'package_id as packageId',
  'device_count as deviceCount',
  'duration_days as durationDays',
  'original_price_cents as originalPriceCents',
  'discount_cents as discountCents',
  'pay_price_cents as payPriceCents',
  'coupon_id as couponId',
  'status',
  'pay_type as payType',
  'pay_time as payTime',
  'pay_token as payToken',
  'remark',
  'phone_ids as phoneIds',
  'created_at as createdAt',
  'pay_deadline as payDeadline',
  'ends_at as endsAt',
  'client_id as clientId',
] as const;

type Row = Omit<OrderRow, 'skuType' | 'status' | 'payType' | 'phoneIds'> & {
  skuType: string;
  status: string;
  payType: string | null;
  phoneIds: string;
};
export const toOrder = (row: Row): OrderRow => ({
  ...row,
  skuType: row.skuType as SkuType,
  status: row.status as OrderStatus,
  payType: row.payType as PayType | null,
  phoneIds: JSON.parse(row.phoneIds) as number[],
});
