import type { Analytics } from './analytics';
import { apiHeaders, currentSession } from './request';

/**
 * The app's one analytics instance (issue 29): page views and key events go to the collector with
 * the usual API headers, once the client is known (the collector needs its tenant and client). The
 * SDK loads beside the first page rather than in the entry file (issue 10 §6's budget); what is
 * tracked before it arrives waits for it.
 */
let analytics: Analytics | null = null;
let waiting: [TrackedEvent, Record<string, unknown> | undefined][] | null = null;

export function startTracking(): void {
  if (waiting) return;
  waiting = [];
  void import('./analytics').then(({ createAnalytics, installPageHideFlush }) => {
    analytics = createAnalytics({ headers: apiHeaders, enabled: () => currentSession().tenantId !== null });
    installPageHideFlush(analytics);
    for (const [event, properties] of waiting ?? []) analytics.track(event, properties);
    waiting = [];
  });
}

/** The key events of the product, named once so a report reads the same names everywhere. */
export type TrackedEvent =
  'page_view' | 'login' | 'buy' | 'pay_result' | 'open_phone' | 'transfer' | 'grant' | 'upload' | 'game_install';

export function track(event: TrackedEvent, properties?: Record<string, unknown>): void {
  if (analytics) analytics.track(event, properties);
  else waiting?.push([event, properties]);
}

/** Tracks a call's success with what it says, and passes its answer on. */
export function tracked<T>(event: TrackedEvent, properties: (answer: T) => Record<string, unknown> = () => ({})) {
  return (answer: T): T => {
    track(event, properties(answer));
    return answer;
  };
}
