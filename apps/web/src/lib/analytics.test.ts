import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS } from '@cloudphone/contracts/limits';
import { createAnalytics, installPageHideFlush, type Analytics, type AnalyticsEvent } from './analytics';

type Reply = { status?: number; body?: unknown } | 'network-error' | 'hang';
type Sent = { url: string; init: RequestInit; events: AnalyticsEvent[] };

const accepted: Reply = { body: { code: 0, msg: '', data: { accepted: 1 } } };

/**
 * A stand-in for the network: answers each send from a script (the last answer repeats) and records
 * what was sent. A hung send only ends when its signal aborts, as a real fetch does.
 */
function serve(...replies: Reply[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { events: AnalyticsEvent[] };
      sent.push({ url, init, events: body.events });
      const reply = replies[Math.min(sent.length, replies.length) - 1] ?? accepted;
      if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
      if (reply === 'hang') {
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return Promise.resolve(new Response(JSON.stringify(reply.body ?? {}), { status: reply.status ?? 200 }));
    }),
  );
  return sent;
}

const numbers = (sends: Sent[]) => sends.flatMap((s) => s.events.map((e) => e.properties.n));
/** Lets queued microtasks and settled fetches run without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

let analytics: Analytics;

function start(options: Parameters<typeof createAnalytics>[0] = {}): Analytics {
  analytics = createAnalytics({ now: () => 1_700_000_000_000, ...options });
  return analytics;
}

function trackMany(count: number, from = 0) {
  for (let n = from; n < from + count; n++) analytics.track('step', { n });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  analytics?.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('analytics SDK (spec §9)', () => {
  it('sends once the queue reaches the default batch size, with the app headers asked at each send', async () => {
    const sent = serve();
    let token = 0;
    start({ headers: () => ({ Authorization: `Bearer ${++token}` }) });
    trackMany(ANALYTICS.batchSize.default - 1);
    await settle();
    expect(sent).toHaveLength(0);

    analytics.track('opened', { page: 'home', count: 2, fresh: true, none: null });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/analytics/collect');
    expect(sent[0]!.init).toMatchObject({ method: 'POST', keepalive: false });
    expect(sent[0]!.init.headers).toEqual({ Authorization: 'Bearer 1', 'Content-Type': 'application/json' });
    expect(sent[0]!.events).toHaveLength(ANALYTICS.batchSize.default);
    expect(sent[0]!.events.at(-1)).toEqual({
      event: 'opened',
      properties: { page: 'home', count: 2, fresh: true, none: null },
      time: 1_700_000_000_000,
    });

    trackMany(ANALYTICS.batchSize.default);
    await settle();
    expect(sent[1]!.init.headers).toMatchObject({ Authorization: 'Bearer 2' });
  });

  it('clamps the batch size: 0 sends every event, 99 waits for the most allowed', async () => {
    const sent = serve();
    start({ batchSize: 0 });
    analytics.track('one');
    await settle();
    expect(sent.map((s) => s.events.length)).toEqual([ANALYTICS.batchSize.min]);
    analytics.stop();

    sent.length = 0;
    start({ batchSize: 99 });
    trackMany(ANALYTICS.batchSize.max - 1);
    await settle();
    expect(sent).toHaveLength(0);
    analytics.track('last');
    await settle();
    expect(sent.map((s) => s.events.length)).toEqual([ANALYTICS.batchSize.max]);
  });

  it('sends a partial batch when the interval comes round, and nothing when the queue is empty', async () => {
    const sent = serve();
    start();
    trackMany(2);
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(numbers(sent)).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs * 3);
    expect(sent).toHaveLength(1);
  });

  it('sends at most 50 at a time, one send in flight, until the queue is empty', async () => {
    let release = () => {};
    const sent: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        sent.push((JSON.parse(init.body as string) as { events: unknown[] }).events.length);
        return new Promise<Response>((resolve) => {
          release = () => resolve(new Response(JSON.stringify({ code: 0, msg: '', data: null })));
        });
      }),
    );
    start({ batchSize: 99 });
    trackMany(120);
    await settle();
    expect(sent).toEqual([ANALYTICS.maxPerSend]);
    const joined = analytics.flush(); // Joins the drain under way rather than starting a second send.
    await settle();
    expect(sent).toEqual([ANALYTICS.maxPerSend]);
    release();
    await settle();
    expect(sent).toEqual([50, 50]);
    release();
    await settle();
    release();
    await settle();
    expect(sent).toEqual([50, 50, 20]);
    await expect(joined).resolves.toBeUndefined();
  });

  it('keeps at most 500 queued, dropping the oldest', async () => {
    const sent = serve();
    start({ batchSize: 99 });
    trackMany(ANALYTICS.cap + 100);
    await settle();
    const survivors = numbers(sent);
    expect(survivors).toHaveLength(ANALYTICS.cap);
    expect(survivors[0]).toBe(100);
    expect(survivors.at(-1)).toBe(ANALYTICS.cap + 99);
    expect(sent.every((s) => s.events.length <= ANALYTICS.maxPerSend)).toBe(true);
  });

  it('refuses event and property names the collector would refuse, and leaves out values it cannot take', async () => {
    const sent = serve();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    start({ batchSize: 1 });
    const fifty = 'a'.repeat(50);
    const fiftyOne = 'a'.repeat(51);

    analytics.track(fiftyOne);
    analytics.track(fiftyOne);
    analytics.track('1st_visit');
    analytics.track('_private');
    analytics.track('has space');
    analytics.track('ok', { [fiftyOne]: 1 });
    analytics.track('ok', { '9lives': 1 });
    await settle();
    expect(sent).toHaveLength(0);
    // Told once per bad name, however often it is tracked.
    expect(warn.mock.calls.filter(([text]) => String(text).includes(`"${fiftyOne}"`))).toHaveLength(1);

    analytics.track(fifty, { [fifty]: 'x', Mixed_Case_9: 1, gone: undefined, obj: { a: 1 }, fn: () => 1, nan: NaN });
    await settle();
    expect(sent.map((s) => s.events[0])).toEqual([
      { event: fifty, properties: { [fifty]: 'x', Mixed_Case_9: 1 }, time: 1_700_000_000_000 },
    ]);
  });

  it('queues nothing while disabled', async () => {
    const sent = serve();
    let enabled = false;
    start({ batchSize: 1, enabled: () => enabled });
    trackMany(10);
    await analytics.flush();
    expect(sent).toHaveLength(0);
    enabled = true;
    analytics.track('back');
    await settle();
    expect(sent.map((s) => s.events.map((e) => e.event))).toEqual([['back']]);
  });

  it('retries a network failure 3 times after 1, 2 and 4 s, then drops the batch', async () => {
    const sent = serve('network-error', 'network-error', 'network-error', 'network-error', accepted);
    start();
    trackMany(6);
    await settle();
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    trackMany(3, 100); // Still queued while the batch is retried.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1 + ANALYTICS.retries);
    expect(sent.every((s) => numbers([s]).join() === '0,1,2,3,4,5')).toBe(true);

    // The failed batch is gone; what queued meanwhile goes with the next interval.
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs);
    expect(numbers(sent.slice(1 + ANALYTICS.retries))).toEqual([100, 101, 102]);
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs * 3);
    expect(sent).toHaveLength(2 + ANALYTICS.retries);
  });

  it('retries a 429 and a 5xx, then stops once the collector takes the batch', async () => {
    const sent = serve({ status: 429 }, { status: 503 }, accepted);
    start();
    trackMany(6);
    await settle();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000);
    expect(sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(3);
  });

  it.each([
    ['a 400', { status: 400, body: { code: 400, msg: 'Bad request', data: null } }],
    ['a nonzero code', { body: { code: 1001, msg: 'Refused', data: null } }],
  ])('drops a batch refused with %s without retrying, and goes on with the next', async (_name, refusal) => {
    const sent = serve(refusal, accepted);
    start();
    trackMany(6);
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    trackMany(6, 10);
    await settle();
    expect(numbers(sent.slice(1))).toEqual([10, 11, 12, 13, 14, 15]);
  });

  it('aborts an attempt after 3 s and retries it as a failure', async () => {
    const sent = serve('hang', accepted);
    start();
    trackMany(6);
    await settle();
    const signal = sent[0]!.init.signal!;
    await vi.advanceTimersByTimeAsync(ANALYTICS.timeoutMs - 1);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(2);
    expect(numbers([sent[1]!])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('sends everything with keepalive, in chunks of 50 at once, when the page is hidden or left', async () => {
    const sent = serve('hang');
    start({ batchSize: 99 });
    const uninstall = installPageHideFlush(analytics);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');

    trackMany(3);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(0);

    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.init.keepalive).toBe(true);
    expect(numbers(sent)).toEqual([0, 1, 2]);

    sent.length = 0;
    trackMany(120, 10);
    window.dispatchEvent(new Event('pagehide'));
    // All chunks go before any reply: the page may not live to see one.
    expect(sent.map((s) => [s.events.length, s.init.keepalive])).toEqual([
      [50, true],
      [50, true],
      [20, true],
    ]);
    await vi.advanceTimersByTimeAsync(ANALYTICS.timeoutMs + 60_000);
    expect(sent).toHaveLength(3); // Never retried.

    uninstall();
    trackMany(3);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(3);
  });
});
