import { z } from 'zod';
import { idParam, idSchema, pageNoParam, textSchema } from './bounds';
import { DAY_MS } from './commerce';
import { GRANT } from './limits';
import { grantAccountSchema, grantDaysSchema } from './validation';

/**
 * Grants (spec §3, §4, §6): an owner lets another account view or control a phone for some days,
 * either naming the account (mobile or UID) or handing out a grant code the other account redeems.
 * Calls under /api/device/grant/*.
 */

export const GRANT_PERMISSIONS = ['control', 'view'] as const;
export type GrantPermission = (typeof GRANT_PERMISSIONS)[number];

/** Grant codes: letters and digits a person can read out without confusing 0/O or 1/I. */
export const GRANT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const grantCodeSchema = z
  .string({ error: 'grantCodeInvalid' })
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${GRANT_CODE_ALPHABET}]{${GRANT.codeLength}}$`), { error: 'grantCodeInvalid' });

/**
 * The most days a phone with `remainingMs` left can be granted for (spec §5: not beyond its remaining
 * time): its remaining time in days, a part day counting whole — "29 d 23 h" left grants up to 30 —
 * and the grant then ends with the phone's expiry as of the grant time (spec §6).
 */
export function maxGrantDays(remainingMs: number): number {
  return remainingMs <= 0 ? 0 : Math.min(GRANT.maxDays, Math.ceil(remainingMs / DAY_MS));
}

export const createGrantBody = z.object({
  userPhoneId: idSchema,
  /** The grantee's mobile or UID; without it a grant code is made for anyone to redeem. */
  account: grantAccountSchema.pipe(textSchema(32)).optional(),
  days: grantDaysSchema,
  permission: z.enum(GRANT_PERMISSIONS),
});
export type CreateGrantBody = z.input<typeof createGrantBody>;
export const createGrantReplySchema = z.object({ grantId: z.number().int(), grantCode: z.string().optional() });

export const useGrantCodeBody = z.object({ grantCode: grantCodeSchema });
export const usedGrantCodeSchema = z.object({ grantId: z.number().int(), userPhoneId: z.number().int() });
export const clearedGrantCodeSchema = z.object({ grantId: z.number().int(), grantCode: z.string() });
export const grantIdBody = z.object({ grantId: idSchema });
export const grantIdQuery = z.object({ grantId: idParam });

/** `out`: the grants this user made; `in`: the grants made to this user. */
export const GRANT_SIDES = ['out', 'in'] as const;
export type GrantSide = (typeof GRANT_SIDES)[number];
export const grantPageQuery = z.object({
  side: z.enum(GRANT_SIDES),
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** `waiting`: a grant code nobody has redeemed yet; `active`: an account holds it. */
export const GRANT_STATUSES = ['waiting', 'active'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

export const grantSchema = z.object({
  grantId: z.number().int(),
  /** `out`: the caller made it; `in`: the caller holds it. */
  side: z.enum(GRANT_SIDES),
  userPhoneId: z.number().int(),
  /** The phone's name as its viewer reads it. */
  phoneName: z.string(),
  permission: z.enum(GRANT_PERMISSIONS),
  days: z.number().int(),
  status: z.enum(GRANT_STATUSES),
  /** When the grant ends: its days from the grant time, never past the phone's expiry then. */
  expireTime: z.number().int(),
  createTime: z.number().int(),
  /** The code to hand out, on the grantor's side of a code grant; null otherwise. */
  grantCode: z.string().nullable(),
  /** The other account, masked: the grantee on the grantor's side (null while a code waits), the grantor on the grantee's. */
  account: z.string().nullable(),
});
export type Grant = z.infer<typeof grantSchema>;
export const grantPageSchema = z.object({ list: z.array(grantSchema), total: z.number().int() });
