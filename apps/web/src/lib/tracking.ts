import { createAnalytics, installPageHideFlush, type Analytics } from './analytics';
import { apiHeaders } from './request';
import { useSession } from '../stores/session';

/**
 * The app's one analytics instance (issue 29): page views and key events go to the collector with
 * the usual API headers, once the client is known (the collector needs its tenant and client).
 */
let analytics: Analytics | null = null;

export function startTracking(): void {
  if (analytics) return;
  analytics = createAnalytics({ headers: apiHeaders, enabled: () => useSession.getState().tenantId !== null });
  installPageHideFlush(analytics);
}

/** The key events of the product, named once so a report reads the same names everywhere. */
export type TrackedEvent =
  'page_view' | 'login' | 'buy' | 'pay_result' | 'open_phone' | 'transfer' | 'grant' | 'upload' | 'game_install';

export function track(event: TrackedEvent, properties?: Record<string, unknown>): void {
  analytics?.track(event, properties);
}

/** Tracks a call's success with what it says, and passes its answer on. */
export function tracked<T>(event: TrackedEvent, properties: (answer: T) => Record<string, unknown> = () => ({})) {
  return (answer: T): T => {
    track(event, properties(answer));
    return answer;
  };
}
