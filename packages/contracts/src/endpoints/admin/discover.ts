import type { Endpoint } from '../endpoint';

/** /api/admin/discover: a client's Discover (issue 64) — banners, articles and pages, games — as `ad:*`, `cms:*` and `game:*` set it. */

/** A picture of up to 1 MB in base64 with the rest of its body (as a client's logo). */
const PICTURE_BODY_LIMIT = 1_400_000;

export const banners = {
  method: 'GET',
  path: '/api/admin/discover/banners',
  access: 'operator',
  console: 'content.read',
  summary: "A client's Discover banners, in their order",
  query: (s) => s.adminClientIdQuery,
  reply: (s, z) => z.array(s.adminBannerSchema),
} satisfies Endpoint;

export const addBanner = {
  method: 'POST',
  path: '/api/admin/discover/banners/add',
  access: 'operator',
  console: 'content.write',
  summary: 'Add a banner: its picture, a link to a page of the app or a URL, its place in the order',
  body: (s) => s.adminBannerAddBody,
  bodyLimit: PICTURE_BODY_LIMIT,
  reply: (s) => s.adminBannerSchema,
} satisfies Endpoint;

export const removeBanner = {
  method: 'POST',
  path: '/api/admin/discover/banners/remove',
  access: 'operator',
  console: 'content.write',
  summary: 'Take a banner down',
  body: (s) => s.adminBannerRemoveBody,
  reply: (s, z) => z.null(),
} satisfies Endpoint;

export const pages = {
  method: 'GET',
  path: '/api/admin/discover/pages',
  access: 'operator',
  console: 'content.read',
  summary: "A client's articles and single pages, in both languages",
  query: (s) => s.adminClientIdQuery,
  reply: (s, z) => z.array(s.adminPageSchema),
} satisfies Endpoint;

export const addPage = {
  method: 'POST',
  path: '/api/admin/discover/pages/add',
  access: 'operator',
  console: 'content.write',
  summary: 'Add an article (listed in Discover) or a single page (opened by its link), in both languages',
  body: (s) => s.adminPageAddBody,
  /** Two pages of up to 100,000 characters, Chinese ones three bytes each. */
  bodyLimit: 1024 * 1024,
  reply: (s) => s.adminPageSchema,
} satisfies Endpoint;

export const removePage = {
  method: 'POST',
  path: '/api/admin/discover/pages/remove',
  access: 'operator',
  console: 'content.write',
  summary: 'Take an article or single page down',
  body: (s) => s.adminPageRemoveBody,
  reply: (s, z) => z.null(),
} satisfies Endpoint;

export const games = {
  method: 'GET',
  path: '/api/admin/discover/games',
  access: 'operator',
  console: 'content.read',
  summary: "A client's game channel",
  query: (s) => s.adminClientIdQuery,
  reply: (s, z) => z.array(s.adminGameSchema),
} satisfies Endpoint;

export const removeGame = {
  method: 'POST',
  path: '/api/admin/discover/games/remove',
  access: 'operator',
  console: 'content.write',
  summary: "Take a game out of a client's channel (copies in customers' libraries stay)",
  body: (s) => s.adminGameRemoveBody,
  reply: (s, z) => z.null(),
} satisfies Endpoint;

export const uploadGame = {
  method: 'POST',
  path: '/api/admin/discover/games/upload',
  access: 'operator',
  console: 'content.write',
  summary:
    "Add a game to a client's channel from an APK sent as the body (application/vnd.android.package-archive): its package, name and icon are read from it",
  query: (s) => s.adminGameUploadQuery,
  reply: (s) => s.adminGameSchema,
} satisfies Endpoint;

export const gameKeyMap = {
  method: 'GET',
  path: '/api/admin/discover/games/key-map',
  access: 'operator',
  console: 'content.read',
  summary: "A game's default key map (null: none), which customers play until they change their copy",
  query: (s) => s.adminGameKeyMapQuery,
  reply: (s) => s.keyMapSchema.nullable(),
} satisfies Endpoint;

export const setGameKeyMap = {
  method: 'PUT',
  path: '/api/admin/discover/games/key-map',
  access: 'operator',
  console: 'keymaps.write',
  summary: "Ship a default key map with a game (null takes it away); customers' own copies stay",
  body: (s) => s.adminGameKeyMapBody,
  reply: (s) => s.keyMapSchema.nullable(),
} satisfies Endpoint;
