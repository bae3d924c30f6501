import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as message from '@cloudphone/contracts/endpoints/message/message';
import { call } from './api-client';
import { useLiveEvents } from './live-events';

/** The message centre's query keys: the shell's badge and the messages feature share them (issue 24). */
export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  pages: ['messages', 'pages'] as const,
};

/**
 * The user's unread messages, for the badge on "Mine" and the message centre's tabs. A message
 * arriving (on /api/events) refreshes the count and the lists at once.
 */
export function useUnreadMessages(enabled = true) {
  const client = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'message') void client.invalidateQueries({ queryKey: messageKeys.all });
  });
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: () => call(message.unreadCount, { silent: true }),
    enabled,
  });
}
