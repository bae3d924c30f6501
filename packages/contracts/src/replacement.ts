import { z } from 'zod';
import { idSchema } from './bounds';

/**
 * Replacing cloud phones (spec §1, §4, §7): the user keeps each phone — its id, name, group and
 * expiry — on a new instance. `POST /api/device/user/phone/replace-preview` and `/replace-submit`.
 */

/** Spec §4: 1 replaces without moving data, 2 moves the apps, files, notes and clipboard along. */
export const ReplaceType = { withoutData: 1, withData: 2 } as const;
export type ReplaceType = (typeof ReplaceType)[keyof typeof ReplaceType];

/** At most REPLACE_MAX_DEVICES at once (spec §9) is the server's rule, with its own message; this only bounds the body. */
export const replaceBody = z.object({
  userPhoneIds: z.array(idSchema).min(1).max(100),
  replaceType: z.union([z.literal(ReplaceType.withoutData), z.literal(ReplaceType.withData)]),
});
export type ReplaceBody = z.infer<typeof replaceBody>;

/** What replacing one phone would come to: replaceable, or the catalogue message why not. */
export const replacePreviewItemSchema = z.object({
  userPhoneId: z.number().int(),
  name: z.string(),
  expireTime: z.number().int(),
  replaceable: z.boolean(),
  /** Why it cannot be replaced now (in the caller's language); null when it can. */
  reason: z.string().nullable(),
});
export const replacePreviewSchema = z.object({
  replaceType: z.union([z.literal(ReplaceType.withoutData), z.literal(ReplaceType.withData)]),
  list: z.array(replacePreviewItemSchema),
});
export type ReplacePreview = z.infer<typeof replacePreviewSchema>;

/** Per phone, how its replacement ended: on its new instance, or failed with nothing lost. */
export const replaceResultSchema = z.object({
  userPhoneId: z.number().int(),
  ok: z.boolean(),
  /** "Cloud phone replacement failed!" (spec §8) in the caller's language when it failed; null when it worked. */
  message: z.string().nullable(),
});
export const replaceSubmitSchema = z.object({ list: z.array(replaceResultSchema) });
export type ReplaceResult = z.infer<typeof replaceResultSchema>;
