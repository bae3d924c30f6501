import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onLiveChannelOpen, useLiveEvents } from './live-events';
import { messageKeys } from './messages';
import { queryKeys } from './query-keys';

/** Lists are read again at most this often while a phone's task reports its progress. */
const LIVE_REFRESH_MS = 250;

/**
 * The user's lists follow what happens, heard on the live channel rather than polled: the phone lists
 * a host task moving on (a restart, a reset, a clone…), a transfer, a grant, a replacement (issue 21);
 * the unread count and the message centre a message arriving (issue 24). The shell mounts it while the
 * user is signed in, loaded after the first page (the live channel's schemas stay out of the entry).
 */
export default function LiveLists(): null {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Whatever happened before the channel opened (or while it was down) is read again once it is open.
  useEffect(
    () =>
      onLiveChannelOpen(() => {
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.phoneList });
      }),
    [queryClient],
  );
  useLiveEvents((event) => {
    if (event.type === 'message') return void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    if (event.type !== 'phone.task' && event.type !== 'transfer' && event.type !== 'phones') return;
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: queryKeys.phoneList });
    }, LIVE_REFRESH_MS);
  });
  return null;
}
