import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useStreamingSession } from '../stores/streaming-session';

/**
 * Keeps the page's query in the streaming session and ends the session when the page is left or
 * shows another phone (spec §2: leaving phone-view or phone-view-switch destroys the session).
 */
export function useStreamingSessionLifetime(): Record<string, string> {
  const [params] = useSearchParams();
  const search = params.toString();
  useEffect(() => {
    const { setQuery, destroy } = useStreamingSession.getState();
    setQuery(Object.fromEntries(new URLSearchParams(search)));
    return destroy;
  }, [search]);
  return Object.fromEntries(params);
}
