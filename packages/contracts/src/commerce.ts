import { z } from 'zod';
import { idSchema, pageNoParam, textSchema } from './bounds';
import { deviceGradeSchema } from './content';

/**
 * Commerce (spec §1, §3, §4): what is sold, orders and their payment; codes and coupons are in
 * promotion.ts. The spec does not show these calls; they follow §7's style under /api/trade/*.
 * Money is in cents (fen); durations in whole days.
 */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** An unpaid order closes after this long (its coupon is released). */
export const ORDER_PAY_TIMEOUT_MINUTES = 15;
/** At most this many phones in one purchase. */
export const MAX_DEVICES_PER_ORDER = 50;

// — catalogue

/** What a package may be used for: buying new phones, renewing phones, or both. */
export const PACKAGE_USAGES = ['buy', 'renew', 'both'] as const;
export type PackageUsage = (typeof PACKAGE_USAGES)[number];

export const packageSchema = z.object({
  packageId: z.number().int(),
  gradeId: z.number().int(),
  name: z.string(),
  durationDays: z.number().int(),
  priceCents: z.number().int(),
  usage: z.enum(PACKAGE_USAGES),
  /** A trial package: one per account; its phones need renewal before privileges apply. */
  trial: z.boolean(),
});
export type Package = z.infer<typeof packageSchema>;

/** A device grade on sale: its hardware, the price of a day (for upgrades), stock and packages. */
export const productSchema = deviceGradeSchema.omit({ id: true, sort: true }).extend({
  gradeId: z.number().int(),
  dayPriceCents: z.number().int(),
  /** Phones ready to hand out now; null is unlimited. A purchase beyond it waits to be allocated. */
  stock: z.number().int().nullable(),
  packages: z.array(packageSchema),
});
export type Product = z.infer<typeof productSchema>;
export const productListQuery = z.object({ usage: z.enum(['buy', 'renew']).default('buy') });

// — orders

export const SKU_TYPES = ['buy', 'renew', 'upgrade'] as const;
export type SkuType = (typeof SKU_TYPES)[number];

/** Order states (spec §4). Every transition is recorded with its time. */
export const ORDER_STATUSES = [
  'to_pay',
  'to_be_allocated',
  'shipped',
  'completed',
  'out_of_stock',
  'activating',
  'cancelled',
  'refunded',
  'payment_closed',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The states an order is refunded from: paid for, whether its phones came or not. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['to_be_allocated', 'shipped', 'completed', 'out_of_stock'];

/** How an order was paid (spec §3): simulated pay, the two wallets, or an activation code. */
export const PAY_TYPES = ['simulated', 'wechat', 'alipay', 'activation_code'] as const;
export type PayType = (typeof PAY_TYPES)[number];

/** What the payment-result page shows (spec §4). `pending` until the payment is known. */
export const PAY_RESULTS = ['pending', 'success', 'closed', 'refunded'] as const;
export type PayResult = (typeof PAY_RESULTS)[number];

export function payResultOf(status: OrderStatus): PayResult {
  switch (status) {
    case 'to_pay':
      return 'pending';
    case 'cancelled':
    case 'payment_closed':
    case 'expired':
      return 'closed';
    case 'refunded':
      return 'refunded';
    default:
      return 'success';
  }
}

export const orderSchema = z.object({
  orderNo: z.string(),
  skuType: z.enum(SKU_TYPES),
  gradeId: z.number().int(),
  gradeName: z.string(),
  packageId: z.number().int().nullable(),
  packageName: z.string(),
  deviceCount: z.number().int(),
  /** Days each phone gets (a renewal's days, or an upgrade's remaining days), extension coupons included. */
  durationDays: z.number().int(),
  originalPriceCents: z.number().int(),
  discountCents: z.number().int(),
  payPriceCents: z.number().int(),
  couponId: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  payResult: z.enum(PAY_RESULTS),
  payType: z.enum(PAY_TYPES).nullable(),
  payTime: z.number().int().nullable(),
  remark: z.string(),
  createTime: z.number().int(),
  /** When an unpaid order closes. */
  payDeadline: z.number().int(),
  userPhoneIds: z.array(z.number().int()),
  history: z.array(z.object({ status: z.enum(ORDER_STATUSES), time: z.number().int() })),
});
export type Order = z.infer<typeof orderSchema>;

const couponIdField = idSchema.nullable().default(null);
const phoneIds = z.array(idSchema).min(1).max(100);

export const buyBody = z.object({
  gradeId: idSchema,
  packageId: idSchema,
  deviceCount: z.number().int().min(1).max(MAX_DEVICES_PER_ORDER),
  couponId: couponIdField,
});
/** A renewal: one package for every phone of the batch (spec §5). */
export const renewBody = z.object({
  packageId: idSchema,
  userPhoneIds: phoneIds,
  couponId: couponIdField,
});
export const upgradeBody = z.object({
  userPhoneId: idSchema,
  gradeId: idSchema,
  couponId: couponIdField,
});
export const orderRequestSchema = z.discriminatedUnion('skuType', [
  buyBody.extend({ skuType: z.literal('buy') }),
  renewBody.extend({ skuType: z.literal('renew') }),
  upgradeBody.extend({ skuType: z.literal('upgrade') }),
]);
export type OrderRequest = z.input<typeof orderRequestSchema>;

/** A price before ordering: what checkout shows. */
export const quoteSchema = z.object({
  originalPriceCents: z.number().int(),
  discountCents: z.number().int(),
  payPriceCents: z.number().int(),
  durationDays: z.number().int(),
  deviceCount: z.number().int(),
  /** Purchase beyond stock: it goes ahead and phones are allocated later (spec §8). */
  stockShort: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const orderNoQuery = z.object({ orderNo: textSchema(40).min(1) });
export const orderPageQuery = z.object({
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  status: z.enum(ORDER_STATUSES).optional(),
});
export const orderPageSchema = z.object({ list: z.array(orderSchema), total: z.number().int() });

/** The upgrade choices for one phone (spec §1): higher grades and the difference to pay. */
export const upgradeOptionSchema = z.object({
  gradeId: z.number().int(),
  gradeName: z.string(),
  remainingDays: z.number().int(),
  priceCents: z.number().int(),
});
export type UpgradeOption = z.infer<typeof upgradeOptionSchema>;

// — payment

export const payMethodSchema = z.object({
  payType: z.enum(PAY_TYPES),
  /** Desktop-style payment shows a QR code to scan with the wallet. */
  qrCode: z.boolean(),
});
export type PayMethod = z.infer<typeof payMethodSchema>;
export const payBody = z.object({
  orderNo: textSchema(40).min(1),
  payType: z.enum(['simulated', 'wechat', 'alipay']),
  /** The page to come back to from a wallet's pages (WeChat's sign-in for JSAPI pay, H5 pay). */
  returnUrl: z.string().url().max(1000).optional(),
  /** Inside WeChat: the code WeChat's sign-in came back with, which names the customer to JSAPI pay. */
  wechatCode: textSchema(200).min(1).optional(),
});
/** What WeChat's `WeixinJSBridge` is handed to pay inside WeChat's own browser (JSAPI pay). */
export const wechatJsapiSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type WechatJsapi = z.infer<typeof wechatJsapiSchema>;
/** What the client does next: a simulated pay step, a wallet page to open, a QR code to show, or WeChat's JSAPI pay. */
export const payStartSchema = z.object({
  orderNo: z.string(),
  payType: z.enum(PAY_TYPES),
  /** For simulated pay: the token its pay step confirms or cancels with. */
  simulateToken: z.string().nullable(),
  payUrl: z.string().nullable(),
  qrCodeText: z.string().nullable(),
  /** Inside WeChat, once its sign-in named the customer: the JSAPI payment to hand to WeChat. */
  jsapi: wechatJsapiSchema.nullable().default(null),
});
export type PayStart = z.infer<typeof payStartSchema>;
export const simulatePayBody = z.object({
  orderNo: textSchema(40).min(1),
  simulateToken: textSchema(200).min(1),
  outcome: z.enum(['success', 'cancel']),
});
export const payByCodeBody = z.object({ orderNo: textSchema(40).min(1), code: textSchema(64) });

/**
 * Tenant configuration of commerce (server-side only). The gift bag is a JSON list of coupon specs;
 * empty or unset means no gift bag. The wallets are set up per client (admin CLI `pay:wechat`,
 * `pay:alipay`; docs/payments.md).
 */
export const COMMERCE_CONFIG_KEYS = {
  /** `on` offers simulated pay in production too (it is always offered outside production). */
  simulated: 'pay.simulated',
  giftBag: 'gift.bag',
} as const;
