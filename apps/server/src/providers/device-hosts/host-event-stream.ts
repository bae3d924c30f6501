import { sameSignature, signHostEvent } from '@cloudphone/contracts/access-key';
import { HostEventName, hostSyncFollowerEventSchema, hostTaskEventSchema } from '@cloudphone/contracts/host-api';
import type { HostEventListener } from './device-host-client';

/** After the stream drops, the next try waits this long, doubling up to the most. */
const RETRY_MS = { first: 500, most: 10_000 };

/**
 * The server's subscription to a separate host's events (DESIGN §10): a long GET of
 * `/host-api/events` (signed like every host-API call), read as server-sent events. Each event's
 * `id` is its HMAC with the host key: a line that does not check is dropped. The stream is opened
 * again whenever it drops, until stopped; what happened meanwhile the push job reads from the host.
 */
export function followHostEvents(
  hostKey: string,
  open: (signal: AbortSignal) => Promise<Response>,
  listener: HostEventListener,
  /** Told when the stream opens (the host answers) and when it drops. */
  linked: (up: boolean) => void = () => undefined,
): () => void {
  const stop = new AbortController();
  void (async () => {
    let wait = RETRY_MS.first;
    while (!stop.signal.aborted) {
      try {
        const response = await open(stop.signal);
        if (!response.ok || !response.body) throw new Error(`host events answered ${response.status}`);
        wait = RETRY_MS.first;
        linked(true);
        await readEvents(response.body, hostKey, listener);
      } catch {
        // Dropped or refused: try again after a while.
      }
      linked(false);
      if (stop.signal.aborted) break;
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      wait = Math.min(wait * 2, RETRY_MS.most);
    }
  })();
  return () => stop.abort();
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  hostKey: string,
  listener: HostEventListener,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name: string) =>
        message
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const data = field('data');
      const id = field('id');
      if (!data || !id || !sameSignature(signHostEvent(hostKey, data), id)) continue;
      // The host asks for its phones' whole state when a subscription starts (issue 20).
      if (field('event') === HostEventName.stateWanted) {
        listener.stateWanted();
        continue;
      }
      if (field('event') === HostEventName.syncFollower) {
        const follower = hostSyncFollowerEventSchema.safeParse(JSON.parse(data));
        if (follower.success) listener.syncFollower(follower.data);
        continue;
      }
      const parsed = hostTaskEventSchema.safeParse(JSON.parse(data));
      if (parsed.success) listener.task(parsed.data);
    }
  }
}
