import { z } from 'zod';

/** The console's dashboard (issue 64): how the business goes, per UTC day, over a chosen range. */

/** The longest range a dashboard shows: a year and a day. */
export const DASHBOARD_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** A UTC day as `YYYY-MM-DD`. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
/** The day's number: days since 1970-01-01 UTC. */
export const dayNumber = (text: string) => Math.floor(Date.parse(`${text}T00:00:00Z`) / DAY_MS);
export const dayText = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

export const adminDashboardQuery = z
  .object({
    from: day,
    to: day,
    /** One client's business; all of the merchant's without. */
    clientId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine(({ from, to }) => dayNumber(from) <= dayNumber(to), 'from is after to')
  .refine(({ from, to }) => dayNumber(to) - dayNumber(from) < DASHBOARD_MAX_DAYS, 'at most a year');

export const dashboardDaySchema = z.object({
  day: z.string(),
  revenueCents: z.number().int(),
  orders: z.number().int(),
  phonesSold: z.number().int(),
  phonesRenewed: z.number().int(),
  /** Accounts registered that day (the merchant's, whichever client). */
  newCustomers: z.number().int(),
  /** Customers the apps' analytics saw signed in that day. */
  activeCustomers: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const adminDashboardSchema = z.object({
  /** Every day of the range, the quiet ones at zero. */
  days: z.array(dashboardDaySchema),
  /** The merchant's phones still held that expire in the next 7 days. */
  expiringSoon: z.number().int(),
  /** The platform's hosts: phones they hold, and what they take (null: no limit). */
  hosts: z.object({ phones: z.number().int(), capacity: z.number().int().nullable() }),
});
