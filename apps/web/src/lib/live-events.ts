import { useEffect, useRef } from 'react';
import { EVENTS_PATH, liveEventSchema, type LiveEvent } from '@cloudphone/contracts/live-events';
import { useSession } from '../stores/session';
import { apiHeaders, refreshSession } from './request';

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let channel: AbortController | null = null;
/** After the channel drops, the next try waits this long, doubling up to the most. */
const RETRY_MS = { first: 1_000, most: 15_000 };

/**
 * The one live channel from the server (DESIGN §10): server-sent events at /api/events, read with
 * fetch so it carries the same headers as every call. Open while any part of the app listens and the
 * user is signed in; opened again after a drop (what changed meanwhile, the pages read by query).
 */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (!channel) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      channel?.abort();
      channel = null;
    }
  };
}

function open(): void {
  const controller = new AbortController();
  channel = controller;
  void (async () => {
    let wait = RETRY_MS.first;
    while (!controller.signal.aborted && useSession.getState().token) {
      try {
        const response = await fetch(EVENTS_PATH, { headers: apiHeaders(), signal: controller.signal });
        if (response.headers.get('content-type')?.startsWith('text/event-stream') && response.body) {
          wait = RETRY_MS.first;
          await read(response.body);
        } else {
          // An envelope instead of a stream: the token expired; refresh it before the next try.
          await response.body?.cancel();
          if (!(await refreshSession())) break;
        }
      } catch {
        // Dropped (offline, server restarted): try again after a while.
      }
      if (controller.signal.aborted) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, RETRY_MS.most);
    }
    if (channel === controller) channel = null;
  })();
}

async function read(body: ReadableStream<Uint8Array>): Promise<void> {
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
      if (parsed.success) for (const listener of listeners) listener(parsed.data);
    }
  }
}

/** Listens to live events while the component is mounted (the newest `listener` is called). */
export function useLiveEvents(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeLiveEvents((event) => latest.current(event)), []);
}
