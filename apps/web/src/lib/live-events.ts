import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { EVENTS_PATH, liveEventSchema, type LiveEvent } from '@cloudphone/contracts/live-events';
import { apiHeaders, currentSession, refreshSession } from './request';

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
/** Told each time the channel opens: what changed while it was not open is read again by query. */
const openListeners = new Set<() => void>();
/** What the leading tab tells the others when it has opened the channel. */
const CHANNEL_OPEN = 'live-channel-open';
/** After the channel drops, the next try waits this long, doubling up to the most. */
const RETRY_MS = { first: 1_000, most: 15_000 };
/** The name tabs of one browser profile share the channel under (issue 20: one channel per profile). */
const SHARED_NAME = 'cloudphone-live-events';

/** Events the leading tab heard, passed on to the other tabs and windows of the profile. */
const relay = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SHARED_NAME);
relay?.addEventListener('message', (message: MessageEvent<unknown>) => {
  if (message.data === CHANNEL_OPEN) return opened();
  const parsed = liveEventSchema.safeParse(message.data);
  if (parsed.success) tell(parsed.data);
});

/** This tab's part: waiting to lead, or leading (holding the channel) until it has no listener left. */
let part: AbortController | null = null;

/**
 * The one live channel from the server (DESIGN §10): server-sent events at /api/events, read with
 * fetch so it carries the same headers as every call. One tab of a browser profile leads — it holds
 * a Web Lock, opens the channel and passes each event on over a BroadcastChannel — and the others
 * listen to it; when the leader closes, the next tab takes over. So the desktop's windows, the sync
 * page and many tabs share one of the account's few channels. Opened again after a drop; what
 * changed meanwhile is read again by query (`onLiveChannelOpen`).
 */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (!part) join();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      part?.abort();
      part = null;
    }
  };
}

function join(): void {
  const controller = new AbortController();
  part = controller;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Without Web Locks (an old in-app browser) every tab keeps its own channel.
  if (!locks || !relay) {
    void lead(controller.signal);
    return;
  }
  locks.request(SHARED_NAME, { signal: controller.signal }, () => lead(controller.signal)).catch(() => undefined);
}

/** Holds the channel open while this tab leads (until `signal` aborts). */
async function lead(signal: AbortSignal): Promise<void> {
  let wait = RETRY_MS.first;
  while (!signal.aborted && currentSession().token) {
    try {
      const response = await fetch(EVENTS_PATH, { headers: apiHeaders(), signal });
      if (response.headers.get('content-type')?.startsWith('text/event-stream') && response.body) {
        wait = RETRY_MS.first;
        // Events from here on arrive; what came before (while the page loaded, or the channel was down)
        // is read again by query.
        relay?.postMessage(CHANNEL_OPEN);
        opened();
        await read(response.body, (event) => {
          relay?.postMessage(event);
          tell(event);
        });
      } else {
        const reply = (await response.json().catch(() => null)) as { code?: number } | null;
        // The account holds all the channels it may (other devices): wait longest before trying again.
        if (reply?.code === ResponseCode.TOO_FREQUENT) wait = RETRY_MS.most;
        // Otherwise the token expired: refresh it before the next try.
        else if (!(await refreshSession())) break;
      }
    } catch {
      // Dropped (offline, server restarted): try again after a while.
    }
    if (signal.aborted) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, RETRY_MS.most);
  }
}

/**
 * Calls `listener` each time the live channel opens (the first time and after each drop), so a page
 * reads again what may have changed while no event could reach it.
 */
export function onLiveChannelOpen(listener: () => void): () => void {
  openListeners.add(listener);
  return () => void openListeners.delete(listener);
}

function opened(): void {
  for (const listener of openListeners) listener();
}

function tell(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

async function read(body: ReadableStream<Uint8Array>, heard: Listener): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = message.split('\n').find((line) => line.startsWith('data: '));
      if (!data) continue;
      const parsed = liveEventSchema.safeParse(JSON.parse(data.slice(6)));
      if (parsed.success) heard(parsed.data);
    }
  }
}

/** Listens to live events while the component is mounted (the newest `listener` is called). */
export function useLiveEvents(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeLiveEvents((event) => latest.current(event)), []);
}

/**
 * Reads the query under `queryKey` again each time the live channel opens (the first time and after
 * each drop): what moved while no event could reach the page shows then — never on a timer (issue 51).
 */
export function useReadAgainOnLiveChannelOpen(queryKey: QueryKey): void {
  const client = useQueryClient();
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(() => onLiveChannelOpen(() => void client.invalidateQueries({ queryKey: key.current })), [client]);
}
