import { z } from 'zod';
import { idSchema } from './bounds';
import { MAIN_CONTROL_MAX_WINDOWS } from './limits';
import type { LocalizedText } from './locale';

/**
 * Sync control (spec §1, §4, §9; issue 26): one main phone and followers that replay every touch and
 * key of the main, at most `MAIN_CONTROL_MAX_WINDOWS` phones in all. Each phone of a session holds
 * the `syncing` lock with the session's id, so nothing else operates it alone meanwhile.
 */

/** A session's id: also the holder of its phones' `syncing` locks, and what its input carries. */
export const syncIdSchema = z.string().regex(/^sync-[a-f0-9-]{36}$/);

const phoneIds = (max: number) =>
  z
    .array(idSchema)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'a phone is named twice' });

/** `POST /api/device/sync/create`: the main and its followers (none yet is fine: they can be added). */
export const syncCreateBody = z
  .object({
    mainUserPhoneId: idSchema,
    followerUserPhoneIds: phoneIds(MAIN_CONTROL_MAX_WINDOWS).default([]),
  })
  .refine((b) => !b.followerUserPhoneIds.includes(b.mainUserPhoneId), { message: 'the main is not its own follower' });
export const syncCreateReplySchema = z.object({ syncId: z.string() });

/** `PUT /api/device/sync/update`: followers in and out, paused and resumed, or another phone as main. */
export const syncUpdateBody = z.object({
  syncId: syncIdSchema,
  add: phoneIds(MAIN_CONTROL_MAX_WINDOWS).optional(),
  remove: phoneIds(MAIN_CONTROL_MAX_WINDOWS).optional(),
  pause: phoneIds(MAIN_CONTROL_MAX_WINDOWS).optional(),
  resume: phoneIds(MAIN_CONTROL_MAX_WINDOWS).optional(),
  mainUserPhoneId: idSchema.optional(),
});
export type SyncUpdate = z.infer<typeof syncUpdateBody>;
export const syncIdBody = z.object({ syncId: syncIdSchema });
export const syncIdQuery = z.object({ syncId: syncIdSchema });

/**
 * How a follower keeps up with the main, as its host tells it: the main's input `applied` on it,
 * `lagging` (applied more than `SYNC_LAG_MS` after the main), or `offline` (not running to take it).
 */
export const SYNC_FOLLOWER_STATES = ['applied', 'lagging', 'offline'] as const;
export type SyncFollowerState = (typeof SYNC_FOLLOWER_STATES)[number];
export const SYNC_LAG_MS = 500;

/** A phone of a session: the main, or a follower (paused ones do not follow). */
export const syncMemberSchema = z.object({
  userPhoneId: z.number().int(),
  name: z.string(),
  role: z.enum(['main', 'follower']),
  paused: z.boolean(),
});
export const syncSessionSchema = z.object({
  syncId: z.string(),
  mainUserPhoneId: z.number().int(),
  members: z.array(syncMemberSchema),
  createTime: z.number().int(),
});
export type SyncSession = z.infer<typeof syncSessionSchema>;

/**
 * How the `syncFollowing` refusal names the main where its name is not at hand: the host knows the
 * session, not the names its owner gave the phones (ADB says this; the web fills in the main's name).
 */
export const SYNC_MAIN_UNNAMED: LocalizedText = { 'zh-CN': '主控设备', 'en-US': 'its main phone' };
