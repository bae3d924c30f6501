import { z } from 'zod';
import { idParam, idSchema, pageNoParam, textSchema } from './bounds';

/**
 * Discover (issue 29; spec §2): the client's articles and single pages (CMS pages) and its game
 * channel — games from the tenant's library of apps, which users pin and install onto their phones.
 */

const pageSizeParam = z.coerce.number().int().min(1).max(50).default(10);
/** A search word: trimmed, at most 50 characters; empty means no search. */
const keywordParam = textSchema(50).trim().optional();

export const articlePageQuery = z.object({ pageNo: pageNoParam, pageSize: pageSizeParam, keyword: keywordParam });
export const articleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** A picture for the list; empty when the article has none. */
  coverUrl: z.string(),
  createTime: z.number().int(),
});
export type Article = z.infer<typeof articleSchema>;
export const articlePageSchema = z.object({ list: z.array(articleSchema), total: z.number().int() });

/** A CMS page by id: an article opened from Discover, or a page a banner links to. */
export const singlePageQuery = z.object({ id: idParam });
export const singlePageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML set by the merchant. */
  content: z.string(),
  updateTime: z.number().int(),
});
export type SinglePage = z.infer<typeof singlePageSchema>;

export const gamePageQuery = z.object({ pageNo: pageNoParam, pageSize: pageSizeParam, keyword: keywordParam });
export const gameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The app's icon (a data URL read from its package); empty when it has none. */
  icon: z.string(),
  packageName: z.string(),
  versionName: z.string(),
  size: z.number().int(),
  /** The user put it first in their game channel (game customisation). */
  pinned: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;
export const gamePageSchema = z.object({ list: z.array(gameSchema), total: z.number().int() });

export const gamePinBody = z.object({ gameId: idSchema, pinned: z.boolean() });
/** Installs a game on phones through the push and install of the user's library (issue 14). */
export const gameInstallBody = z.object({
  gameId: idSchema,
  userPhoneIds: z.array(idSchema).min(1).max(200),
});
