import type { Endpoint } from '../endpoint';

/** /api/analytics: the collector of the browser analytics SDK (issue 29; spec §9). */

export const collect = {
  method: 'POST',
  path: '/api/analytics/collect',
  access: 'tenant',
  // Its body is held to the server's default of 64 KB: 50 full events fit well under it.
  summary: 'Takes a batch of analytics events from a browser (at most 50, names checked, rate-limited per device)',
  body: (s) => s.analyticsCollectBody,
  reply: (s) => s.analyticsCollectReplySchema,
} satisfies Endpoint;
