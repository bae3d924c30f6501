import type { Generated } from 'kysely';

// What is sold, orders and the money that pays them (wallets: issue 25), codes and coupons.

export interface DeviceGradeTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  /** JSON texts by language: `{ "zh-CN": …, "en-US": … }` (see CatalogueText). */
  name: string;
  cpu_cores: number;
  memory_gb: number;
  storage_gb: number;
  android_version: string;
  sort: number;
  enabled: number;
  day_price_cents: Generated<number>;
  stock: number | null;
}

export interface PackageTable {
  id: Generated<number>;
  tenant_id: number;
  grade_id: number;
  /** JSON texts by language: `{ "zh-CN": …, "en-US": … }` (see CatalogueText). */
  name: string;
  duration_days: number;
  price_cents: number;
  usage: string;
  trial: number;
  enabled: Generated<number>;
  sort: Generated<number>;
}

export interface TradeOrderTable {
  id: Generated<number>;
  order_no: string;
  tenant_id: number;
  user_id: number;
  sku_type: string;
  grade_id: number;
  package_id: number | null;
  device_count: number;
  duration_days: number;
  original_price_cents: number;
  discount_cents: number;
  pay_price_cents: number;
  coupon_id: number | null;
  status: string;
  pay_type: string | null;
  pay_time: number | null;
  pay_token: string | null;
  remark: Generated<string>;
  phone_ids: Generated<string>;
  created_at: number;
  pay_deadline: number;
  idempotency_key: string | null;
  /** When the time it delivered runs out (spec §4 "expired"); null until delivered. */
  ends_at: number | null;
  /** The client it was placed in, whose wallets take its money (issue 25); null for older orders. */
  client_id: number | null;
}

/** A tenant's and client's business on one UTC day (issue 64), kept as orders are paid. */
export interface BusinessDayTable {
  tenant_id: number;
  /** Days since 1970-01-01 UTC: `pay_time / 86,400,000`. */
  day: number;
  /** 0: orders that name no client. */
  client_id: number;
  revenue_cents: number;
  orders: number;
  phones_sold: number;
  phones_renewed: number;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  at: number;
}

export interface PaymentNoticeTable {
  id: Generated<number>;
  provider: string;
  transaction_id: string;
  order_id: number;
  at: number;
}

/** A customer sent to a wallet to pay an order: what the payments job asks that wallet about (issue 25). */
export interface PaymentAttemptTable {
  order_id: number;
  provider: string;
  started_at: number;
  checked_at: number | null;
}

/** Money paid back through a wallet: our refund number, and the wallet's answer (issue 25). */
export interface PaymentRefundTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** `operator`: the order refunded from the admin CLI; `late`: a payment the order no longer wanted. */
  kind: string;
  refund_no: string;
  provider_refund_id: string | null;
  amount_cents: number;
  status: string;
  reason: string;
  created_at: number;
  settled_at: number | null;
}

export interface ActivationCodeTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  package_id: number;
  usage: string;
  batch_no: string;
  valid_until: number;
  used_by: number | null;
  used_at: number | null;
  used_usage: string | null;
  phone_ids: Generated<string>;
  created_at: number;
  voided_at: number | null;
}

export interface RedeemCodeTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  coupons: string;
  valid_until: number;
  used_by: number | null;
  used_at: number | null;
  created_at: number;
}

export interface CouponTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  kind: string;
  /** JSON texts by language: `{ "zh-CN": …, "en-US": … }` (see CatalogueText). */
  name: string;
  amount_cents: number;
  rate_percent: number;
  max_discount_cents: number;
  extension_days: number;
  min_amount_cents: number;
  valid_from: number;
  valid_until: number;
  status: string;
  order_id: number | null;
  source: string;
  created_at: number;
}

export interface GiftBagClaimTable {
  tenant_id: number;
  user_id: number;
  at: number;
}

export interface TrialClaimTable {
  tenant_id: number;
  user_id: number;
  order_id: number;
}
