import { z } from 'zod';
import { adminPicture } from './console-clients';
import { broadcastBody } from './messages';
import { pageQuery } from './promotion';

/** The console's content (issue 64): Discover's banners, articles, pages and games; broadcasts; the assistant. */

const clientId = z.number().int().positive().max(2_147_483_647);
const bothLanguages = (max: number) =>
  z.object({ 'zh-CN': z.string().trim().min(1).max(max), 'en-US': z.string().trim().min(1).max(max) });
const optionalBoth = (max: number) =>
  z.object({ 'zh-CN': z.string().trim().max(max), 'en-US': z.string().trim().max(max) });
const sort = z.number().int().min(-1_000_000).max(1_000_000);

export const adminClientIdQuery = z.object({ clientId: z.coerce.number().int().positive().max(2_147_483_647) });

// — Discover's banners

export const adminBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  /** A page of the app (`/game-channel`, `/single-page?id=3`) or another site's address. */
  linkUrl: z.string(),
  sort: z.number().int(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** A banner's link: a path of the app, or an http(s) address; empty for none. */
const bannerLink = z
  .string()
  .trim()
  .max(500)
  .refine((link) => link === '' || link.startsWith('/') || /^https?:\/\//.test(link), 'a path of the app or a URL');

export const adminBannerAddBody = z.object({
  clientId,
  title: z.string().trim().min(1).max(60),
  /** The picture itself (base64), kept and served under the client's brand. */
  image: adminPicture,
  linkUrl: bannerLink,
  sort,
});
export const adminBannerRemoveBody = z.object({ clientId, id: z.number().int().positive() });

// — articles and single pages

export const CMS_PAGE_KINDS = ['article', 'page'] as const;
export const adminPageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CMS_PAGE_KINDS),
  title: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  summary: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  content: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  updatedAt: z.number().int(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

export const adminPageAddBody = z.object({
  clientId,
  kind: z.enum(CMS_PAGE_KINDS),
  title: bothLanguages(100),
  summary: optionalBoth(200),
  content: bothLanguages(100_000),
  sort,
});
export const adminPageRemoveBody = z.object({ clientId, id: z.number().int().positive() });

// — the game channel

export const adminGameSchema = z.object({
  id: z.number().int(),
  name: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  packageName: z.string(),
  versionName: z.string(),
  size: z.number().int(),
  /** The app's icon read from its package (a data URL); empty when it has none. */
  icon: z.string(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;
export const adminGameRemoveBody = z.object({ clientId, id: z.number().int().positive() });
/** A game's APK is sent as the body itself (`application/vnd.android.package-archive`), at most this large (as a file of Files). */
export const GAME_APK_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const adminGameUploadQuery = z.object({
  clientId: z.coerce.number().int().positive().max(2_147_483_647),
  fileName: z.string().trim().min(1).max(200),
});

// — broadcasts

export const adminBroadcastBody = broadcastBody;
export const adminBroadcastSchema = z.object({
  title: z.string(),
  content: z.string(),
  /** The one customer's UID it went to; null: every customer of the merchant. */
  uid: z.string().nullable(),
  recipients: z.number().int(),
  sentAt: z.number().int(),
  sentBy: z.string(),
});
export const adminBroadcastPageSchema = z.object({ list: z.array(adminBroadcastSchema), total: z.number().int() });
export const adminBroadcastQuery = pageQuery;

// — the AI assistant and analytics forwarding

export const adminAssistantSchema = z.object({
  url: z.string(),
  model: z.string(),
  /** Whether a key is kept: the key itself never leaves the server. */
  keySet: z.boolean(),
});
const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/\S+$/, 'an http(s) address');
/** The assistant on (a URL) or off (an empty one); a key left out keeps the one kept. */
export const adminAssistantBody = z.object({
  url: z.union([httpUrl, z.literal('')]),
  model: z.string().trim().max(100),
  key: z.string().trim().max(500).optional(),
});
export const adminAssistantTestBody = z.object({ question: z.string().trim().min(1).max(500) });
export const adminAssistantAnswerSchema = z.object({ answer: z.string() });

export const adminAnalyticsForwardSchema = z.object({ url: z.string() });
export const adminAnalyticsForwardBody = z.object({ url: z.union([httpUrl, z.literal('')]) });
