import { useQuery } from '@tanstack/react-query';
import * as message from '@cloudphone/contracts/endpoints/message/message';
import { call } from './api-client';

/** The message centre's query keys: the shell's badge and the messages feature share them (issue 24). */
export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  pages: ['messages', 'pages'] as const,
};

/**
 * The user's unread messages, for the badge on "Mine" and the message centre's tabs. A message
 * arriving on the live channel refreshes the count and the lists at once (lib/live-lists).
 */
export function useUnreadMessages(enabled = true) {
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: () => call(message.unreadCount, { silent: true }),
    enabled,
  });
}
