import { z } from 'zod';
import { PACKAGE_USAGES, orderSchema } from './commerce';
import { OPERATOR_ROLES } from './operators';
import { pageQuery } from './promotion';

/** The console's calls (issue 62): what an operator sends and reads at `/api/admin/*`. */

const login = z.string().trim().min(1).max(32);

export const operatorSignInBody = z.object({
  /** The tenant the operator belongs to; absent for a platform operator. */
  tenantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  login,
  password: z.string().min(1).max(128),
  /** The six digits of the authenticator app. */
  code: z.string().trim().max(6),
});

export const operatorViewSchema = z.object({
  operatorId: z.number().int(),
  tenantId: z.number().int().nullable(),
  login: z.string(),
  role: z.enum(OPERATOR_ROLES),
  createdAt: z.number().int(),
  disabled: z.boolean(),
});
export type OperatorViewData = z.infer<typeof operatorViewSchema>;

export const operatorSessionSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.number().int(),
  operator: operatorViewSchema,
});

export const operatorCreateBody = z.object({
  login,
  password: z.string().min(1).max(128),
  role: z.enum(OPERATOR_ROLES),
});
export const operatorDisableBody = z.object({
  operatorId: z.number().int().positive(),
  disabled: z.boolean(),
});
/** A new operator: its TOTP secret is shown this once, for its authenticator app. */
export const operatorCreatedSchema = operatorViewSchema.extend({ totpSecret: z.string(), otpauthUri: z.string() });

// — the catalogue

const localized = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });

export const adminPackageSchema = z.object({
  packageId: z.number().int(),
  gradeId: z.number().int(),
  name: localized,
  durationDays: z.number().int(),
  priceCents: z.number().int(),
  usage: z.enum(PACKAGE_USAGES),
  trial: z.boolean(),
});

export const adminGradeSchema = z.object({
  gradeId: z.number().int(),
  code: z.string(),
  name: localized,
  dayPriceCents: z.number().int(),
  /** Null: unlimited. */
  stock: z.number().int().nullable(),
  packages: z.array(adminPackageSchema),
});

export const adminPackageBody = z.object({
  gradeId: z.number().int().positive(),
  name: z.object({ 'zh-CN': z.string().trim().min(1).max(40), 'en-US': z.string().trim().min(1).max(40) }),
  durationDays: z.number().int().min(1).max(3650),
  priceCents: z.number().int().min(0).max(100_000_000),
  usage: z.enum(PACKAGE_USAGES).default('both'),
  trial: z.boolean().default(false),
});

export const adminGradePriceBody = z.object({
  gradeId: z.number().int().positive(),
  dayPriceCents: z.number().int().min(0).max(100_000_000).optional(),
  /** Null: unlimited. */
  stock: z.number().int().min(0).max(1_000_000).nullable().optional(),
});

// — activation codes

export const adminCodesGenerateBody = z.object({
  packageId: z.number().int().positive(),
  usage: z.enum(PACKAGE_USAGES).default('both'),
  count: z.number().int().min(1).max(10_000),
  validDays: z.number().int().min(1).max(3650).default(365),
});

/** Where a code stands, as the console shows it: a voided code is refused as one that does not exist. */
export const ADMIN_CODE_STATES = ['unused', 'used', 'expired', 'voided'] as const;

export const adminCodeSchema = z.object({
  code: z.string(),
  status: z.enum(ADMIN_CODE_STATES),
  batchNo: z.string(),
  packageId: z.number().int(),
  usage: z.enum(PACKAGE_USAGES),
  validUntil: z.number().int(),
  usedBy: z.number().int().nullable(),
  usedAt: z.number().int().nullable(),
  voidedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});

export const adminCodesGeneratedSchema = z.object({ batchNo: z.string(), codes: z.array(z.string()) });

export const adminCodeQuery = pageQuery.extend({
  batchNo: z.string().trim().max(40).optional(),
  code: z.string().trim().max(40).optional(),
});
export const adminCodePageSchema = z.object({ list: z.array(adminCodeSchema), total: z.number().int() });

/** Voids a batch's unused codes, or the unused ones of a list: a used code stays as it is. */
export const adminCodesVoidBody = z
  .object({
    batchNo: z.string().trim().min(1).max(40).optional(),
    codes: z.array(z.string().trim().min(1).max(40)).min(1).max(1_000).optional(),
  })
  .refine((body) => (body.batchNo === undefined) !== (body.codes === undefined), 'a batch or a list of codes');
export const adminCodesVoidedSchema = z.object({ voided: z.number().int() });

/** A whole batch, for its CSV. */
export const adminCodeExportQuery = z.object({ batchNo: z.string().trim().min(1).max(40) });
export const adminCodeExportSchema = z.object({ batchNo: z.string(), list: z.array(adminCodeSchema) });

// — orders

export const adminOrderQuery = pageQuery.extend({
  orderNo: z.string().trim().max(40).optional(),
  /** The buyer's mobile. */
  mobile: z.string().trim().max(20).optional(),
  status: z.string().trim().max(30).optional(),
});
export const adminOrderSchema = orderSchema.extend({ userId: z.number().int(), mobile: z.string() });
export const adminOrderPageSchema = z.object({ list: z.array(adminOrderSchema), total: z.number().int() });
export const adminOrderDetailQuery = z.object({ orderNo: z.string().trim().min(1).max(40) });
/** An order with what moved its money: the wallets its buyer was sent to, their notices, its refunds. */
export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  attempts: z.array(
    z.object({ provider: z.string(), startedAt: z.number().int(), checkedAt: z.number().int().nullable() }),
  ),
  notices: z.array(z.object({ provider: z.string(), transactionId: z.string(), at: z.number().int() })),
  refunds: z.array(
    z.object({
      refundNo: z.string(),
      provider: z.string(),
      kind: z.enum(['operator', 'late']),
      amountCents: z.number().int(),
      status: z.enum(['processing', 'success', 'failed']),
      reason: z.string(),
      createdAt: z.number().int(),
      settledAt: z.number().int().nullable(),
    }),
  ),
});
export const adminRefundBody = z.object({
  orderNo: z.string().trim().min(1).max(40),
  reason: z.string().trim().min(1).max(200),
});

// — the audit trail

export const auditQuery = pageQuery.extend({
  action: z.string().trim().max(40).optional(),
  actorName: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(64).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
});
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorKind: z.enum(['operator', 'cli']),
  actorName: z.string(),
  role: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string(),
  at: z.number().int(),
});
export const auditPageSchema = z.object({ list: z.array(auditEntrySchema), total: z.number().int() });
