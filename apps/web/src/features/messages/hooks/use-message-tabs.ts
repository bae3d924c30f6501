import { useUnreadMessages } from '../../../lib/messages';
import { useAssistant, useReadAll, type MessageTab } from '../api/messages';

/**
 * The message centre's tabs (spec §2): all, the AI assistant's where the client's AI mode offers it,
 * and the system's, with their unread counts; and reading all of a tab at once.
 */
export function useMessageTabs() {
  const unread = useUnreadMessages().data;
  const assistant = useAssistant().data?.available ?? false;
  const readAll = useReadAll();
  const tabs: MessageTab[] = assistant ? ['all', 'assistant', 'system'] : ['all', 'system'];
  return {
    tabs,
    unread,
    /** Whether there is anything to read all of. */
    canReadAll: !!unread && unread.all > 0 && !readAll.isPending,
    readAll: (tab: MessageTab, onDone: () => void) =>
      readAll.mutate(tab === 'all' ? undefined : tab, { onSuccess: onDone }),
  };
}
