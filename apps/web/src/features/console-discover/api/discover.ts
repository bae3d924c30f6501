/** A client's Discover lists in the query cache, one key per list and client. */
export const discoverKey = (list: 'banners' | 'pages' | 'games', clientId: number) =>
  ['console', 'discover', list, clientId] as const;

/**
 * Where a banner may lead inside the app (a page's path, as the app's banners open it), besides an
 * article or page of the client's and another site.
 */
export const APP_PAGES = [
  '/game-list',
  '/add-phone',
  '/activation-code',
  '/message-center',
  '/customer-service',
] as const;
export type AppPage = (typeof APP_PAGES)[number];
