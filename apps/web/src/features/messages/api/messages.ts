import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as message from '@cloudphone/contracts/endpoints/message/message';
import type { MessageType } from '@cloudphone/contracts/messages';
import { call } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/messages';

const PAGE_SIZE = 20;
export type MessageTab = MessageType | 'all';

const messagePage = (type: MessageTab, pageNo: number, pageSize = PAGE_SIZE) =>
  call(message.page, { query: { type, pageNo, pageSize } });

/** The messages as one list that grows as the reader scrolls (the phone app). */
export const getMessagesQueryOptions = (type: MessageTab) =>
  infiniteQueryOptions({
    queryKey: [...messageKeys.pages, type],
    queryFn: ({ pageParam }) => messagePage(type, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNo) => (pageNo * PAGE_SIZE < last.total ? pageNo + 1 : undefined),
  });

export const useMessages = (type: MessageTab) => useInfiniteQuery(getMessagesQueryOptions(type));

/** One page of the messages, for a table that pages (the desktop); the last page stays while the next loads. */
export const getMessagePageQueryOptions = (type: MessageTab, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [...messageKeys.pages, type, 'page', pageNo, pageSize],
    queryFn: () => messagePage(type, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export const useMessagePage = (type: MessageTab, pageNo: number, pageSize: number) =>
  useQuery(getMessagePageQueryOptions(type, pageNo, pageSize));

export const useMessage = (messageId: number) =>
  useQuery({
    queryKey: [...messageKeys.all, 'one', messageId],
    queryFn: () => call(message.get, { query: { messageId } }),
    enabled: Number.isInteger(messageId) && messageId > 0,
  });

export const useAssistant = () =>
  useQuery({ queryKey: [...messageKeys.all, 'assistant'], queryFn: () => call(message.assistant, { silent: true }) });

/** Marking read, reading all and asking the assistant refresh the count and the lists. */
function useMessageChange<T>(change: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export const useMarkRead = () =>
  useMessageChange((messageIds: number[]) => call(message.read, { body: { messageIds }, silent: true }));
export const useReadAll = () =>
  useMessageChange((type: MessageType | undefined) => call(message.readAll, { body: type ? { type } : {} }));
export const useAsk = () => useMessageChange((text: string) => call(message.ask, { body: { text } }));
