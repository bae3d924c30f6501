import { z } from 'zod';
import { loginDeviceSchema } from './auth';
import { grantSchema } from './grants';
import { userPhoneSchema } from './phones';
import { couponSpecSchema, pageQuery } from './promotion';
import { transferRecordSchema } from './transfers';

/** The console's customers and their phones (issue 63): what an operator finds, sees and does. */

/** Where an account stands: signing in, stopped by an operator, or cancelled by its owner. */
export const CUSTOMER_STATES = ['active', 'disabled', 'unregistered'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

export const adminCustomerQuery = pageQuery.extend({
  mobile: z.string().trim().max(20).optional(),
  /** The UID the app shows. */
  userNo: z.string().trim().max(32).optional(),
});

export const adminCustomerSchema = z.object({
  userId: z.number().int(),
  userNo: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  status: z.enum(CUSTOMER_STATES),
  registerTime: z.number().int(),
});
export const adminCustomerPageSchema = z.object({ list: z.array(adminCustomerSchema), total: z.number().int() });

export const adminCustomerIdQuery = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
/** A customer as support sees them: what the customer's own app shows of their phones, grants, transfers and devices. */
export const adminCustomerDetailSchema = z.object({
  customer: adminCustomerSchema,
  phones: z.array(userPhoneSchema),
  phoneTotal: z.number().int(),
  grantsOut: z.array(grantSchema),
  grantsIn: z.array(grantSchema),
  transfersOut: z.array(transferRecordSchema),
  transfersIn: z.array(transferRecordSchema),
  devices: z.array(loginDeviceSchema),
});

export const adminCustomerDisableBody = z.object({
  userId: z.number().int().positive(),
  disabled: z.boolean(),
});

export const adminCustomerCouponBody = z.object({
  userId: z.number().int().positive(),
  coupon: couponSpecSchema,
});

// — every phone of the tenant

/** Where a phone's rental stands: running for its customer, past its time, or given back to its host. */
export const PHONE_RENTALS = ['active', 'expired', 'released'] as const;
export type PhoneRental = (typeof PHONE_RENTALS)[number];

export const adminPhoneQuery = pageQuery.extend({
  /** The host's name, as `host:list` shows it. */
  host: z.string().trim().max(64).optional(),
  /** Still rented, or past its time. */
  rental: z.enum(['active', 'expired']).optional(),
  /** The customer's mobile. */
  mobile: z.string().trim().max(20).optional(),
});
export const adminPhoneSchema = z.object({
  userPhoneId: z.number().int(),
  instanceNo: z.string(),
  userId: z.number().int(),
  mobile: z.string(),
  hostName: z.string(),
  gradeId: z.number().int().nullable(),
  expireTime: z.number().int(),
  rental: z.enum(PHONE_RENTALS),
  /** What its host says of it now (`online`, `offline`, `booting`…); `unknown` when the host did not answer. */
  status: z.string(),
});
export const adminPhonePageSchema = z.object({ list: z.array(adminPhoneSchema), total: z.number().int() });
