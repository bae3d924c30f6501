import { z } from 'zod';
import { ANALYTICS, ANALYTICS_EVENT } from './limits';

/**
 * The analytics collector (issue 29; spec §9): batches of named events from the browser SDK. Names
 * follow the spec's rule; a batch holds at most what the SDK sends at once.
 */
const nameSchema = z.string().regex(ANALYTICS.namePattern);
const propertyValue = z.union([z.string().max(ANALYTICS_EVENT.maxValueLength), z.number(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  event: nameSchema,
  properties: z
    .record(nameSchema, propertyValue)
    .refine((p) => Object.keys(p).length <= ANALYTICS_EVENT.maxProperties, 'too many properties')
    .default({}),
  /** When it happened, epoch ms (the browser's clock). */
  time: z.number().int().nonnegative(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsCollectBody = z.object({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS.maxPerSend),
});
export const analyticsCollectReplySchema = z.object({ accepted: z.number().int() });

/** Sends per device per minute: the SDK sends at most every few seconds, or at once when a batch fills. */
export const ANALYTICS_SENDS_PER_MINUTE = 30;
