import { collect } from '@cloudphone/contracts/endpoints/analytics/analytics';
import { ANALYTICS, ANALYTICS_EVENT } from '@cloudphone/contracts/limits';

export type PropertyValue = string | number | boolean | null;

/** One event as the collector takes it (`POST /api/analytics/collect`). */
export interface AnalyticsEvent {
  event: string;
  properties: Record<string, PropertyValue>;
  /** Epoch ms, from the browser's clock. */
  time: number;
}

export interface AnalyticsOptions {
  /** Where batches go; the collector's path by default. */
  url?: string;
  /** Asked again at every send, so a token refreshed meanwhile is the one sent. */
  headers?: () => Record<string, string>;
  /** Events that make a send start at once; clamped to the allowed range. */
  batchSize?: number;
  now?: () => number;
  /** Asked at every `track`: while it says no (consent withdrawn, say), nothing is queued. */
  enabled?: () => boolean;
}

export interface Analytics {
  /**
   * Queues an event. A name (of the event or of a property) the collector would refuse drops the
   * whole event; a value that is not a string, finite number, boolean or null is left out rather
   * than stringified, since an object turned into text is neither small nor searchable.
   */
  track(event: string, properties?: Record<string, unknown>): void;
  /** Sends what is queued. With `keepalive` (the page is going away) it sends at once and never retries. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  /** Ends the timer and the queuing; a send already under way still finishes. */
  stop(): void;
}

type Outcome = 'sent' | 'retry' | 'refused';

/** Retry n waits this times 2^(n-1): 1 s, 2 s, 4 s, giving a struggling collector room to recover. */
const FIRST_RETRY_DELAY_MS = 1_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function clampBatchSize(size: number | undefined): number {
  const { default: fallback, min, max } = ANALYTICS.batchSize;
  if (size === undefined || !Number.isFinite(size)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(size)));
}

function isPropertyValue(value: unknown): value is PropertyValue {
  if (typeof value === 'number') return Number.isFinite(value); // JSON would turn NaN into null silently.
  return value === null || typeof value === 'string' || typeof value === 'boolean';
}

/**
 * A batching analytics client. Nothing runs until the app creates one (no instance at import), so
 * tests and pages without analytics pay nothing.
 */
export function createAnalytics(options: AnalyticsOptions = {}): Analytics {
  const url = options.url ?? collect.path;
  const batchSize = clampBatchSize(options.batchSize);
  const now = options.now ?? Date.now;
  const queue: AnalyticsEvent[] = [];
  const warned = new Set<string>();
  let draining: Promise<void> | null = null;
  let flushSoon = false;
  let stopped = false;

  function validName(name: string): boolean {
    if (ANALYTICS.namePattern.test(name)) return true;
    if (import.meta.env.DEV && !warned.has(name)) {
      warned.add(name);
      console.warn(`analytics: "${name}" is not a valid name, so the event is dropped`);
    }
    return false;
  }

  async function attempt(events: AnalyticsEvent[], keepalive: boolean): Promise<Outcome> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ANALYTICS.timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...options.headers?.(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ events }),
        keepalive,
        signal: controller.signal,
      });
      if (response.status === 429 || response.status >= 500) return 'retry';
      if (!response.ok) return 'refused';
      // A reply that is not our envelope (a proxy's page, say) would not improve on a second try.
      const reply = (await response.json().catch(() => null)) as { code?: unknown } | null;
      return reply?.code === 0 ? 'sent' : 'refused';
    } catch {
      return 'retry'; // The network failed or the attempt timed out.
    } finally {
      clearTimeout(timer);
    }
  }

  async function sendWithRetries(events: AnalyticsEvent[]): Promise<Outcome> {
    for (let retry = 0; ; retry++) {
      const outcome = await attempt(events, false);
      if (outcome !== 'retry' || retry === ANALYTICS.retries) return outcome;
      await wait(FIRST_RETRY_DELAY_MS * 2 ** retry);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      // Taken out of the queue while in flight, so the cap only ever drops events not yet sent.
      const events = queue.splice(0, ANALYTICS.maxPerSend);
      // A batch that used up its retries means the collector is out of reach: the rest waits for
      // the next tick rather than being thrown away one batch after another.
      if ((await sendWithRetries(events)) === 'retry') return;
    }
  }

  function flushOnLeave(): Promise<void> {
    // Browsers cap a keepalive body at 64 KB and the page may be gone before a retry, so every
    // chunk goes at once and a failure is not tried again.
    const sends: Promise<Outcome>[] = [];
    while (queue.length > 0) sends.push(attempt(queue.splice(0, ANALYTICS.maxPerSend), true));
    return Promise.all(sends).then(() => undefined);
  }

  function flush(flushOptions: { keepalive?: boolean } = {}): Promise<void> {
    if (flushOptions.keepalive) return flushOnLeave();
    // One send at a time: a flush asked for meanwhile joins the drain, which also takes what has queued since.
    draining ??= drain().finally(() => {
      draining = null;
    });
    return draining;
  }

  const timer = setInterval(() => {
    if (queue.length > 0) void flush();
  }, ANALYTICS.intervalMs);

  function track(event: string, properties: Record<string, unknown> = {}): void {
    if (stopped || !(options.enabled?.() ?? true)) return;
    if (!validName(event)) return;
    const kept: Record<string, PropertyValue> = {};
    for (const [name, value] of Object.entries(properties)) {
      if (!validName(name)) return;
      // Trimmed to what the collector takes, so one long value does not get its whole batch refused.
      if (!isPropertyValue(value) || Object.keys(kept).length === ANALYTICS_EVENT.maxProperties) continue;
      kept[name] = typeof value === 'string' ? value.slice(0, ANALYTICS_EVENT.maxValueLength) : value;
    }
    if (queue.length >= ANALYTICS.cap) queue.splice(0, queue.length - ANALYTICS.cap + 1);
    queue.push({ event, properties: kept, time: now() });
    // Waiting for the current task to end lets events tracked together go in one send.
    if (queue.length >= batchSize && !flushSoon) {
      flushSoon = true;
      queueMicrotask(() => {
        flushSoon = false;
        void flush();
      });
    }
  }

  function stop(): void {
    stopped = true;
    clearInterval(timer);
  }

  return { track, flush, stop };
}

/**
 * Sends what is queued when the page is hidden or left: `visibilitychange` is the last event a
 * mobile browser reliably fires, `pagehide` covers desktop navigation. Returns the undo.
 */
export function installPageHideFlush(analytics: Pick<Analytics, 'flush'>): () => void {
  const leave = () => void analytics.flush({ keepalive: true });
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') leave();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', leave);
  return () => {
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', leave);
  };
}
