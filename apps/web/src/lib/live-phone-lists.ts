import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from './live-events';
import { queryKeys } from './query-keys';

/** Lists are read again at most this often while a phone's task reports its progress. */
const LIVE_REFRESH_MS = 250;

/**
 * The user's phone lists follow what happens to their phones (issue 21), heard on the live channel
 * rather than polled: a host task moving on (a restart, a reset, a clone…), a transfer, a grant, a
 * replacement. The shell mounts it while the user is signed in, loaded after the first page (the
 * live channel's schemas stay out of the entry).
 */
export default function LivePhoneLists(): null {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveEvents((event) => {
    if (event.type !== 'phone.task' && event.type !== 'transfer' && event.type !== 'phones') return;
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: queryKeys.phoneList });
    }, LIVE_REFRESH_MS);
  });
  return null;
}
