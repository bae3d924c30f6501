import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import * as clone from '@cloudphone/contracts/endpoints/device/clone';
import * as template from '@cloudphone/contracts/endpoints/device/template';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import type { CloneRecord } from '@cloudphone/contracts/templates';
import { call } from '../../../lib/api-client';
import { useLiveEvents, useReadAgainOnLiveChannelOpen } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';
import { templateKeys } from './keys';
import { applyTemplateEvent } from './live-updates';

/** Enough for every template an account may hold (`template.user.max`) and those gone lately. */
const TEMPLATE_PAGE_SIZE = 100;
const CLONE_PAGE_SIZE = 20;
/** The most phones one extend-batch call takes (extendBatchQuery). */
const EXTEND_BATCH = 100;

/**
 * The user's templates, newest first. Progress arrives on the live channel (useTemplateLiveUpdates);
 * the list is read again when the channel opens, for what moved while it was down.
 */
export const getTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: templateKeys.templates,
    queryFn: () => call(template.page, { query: { pageNo: 1, pageSize: TEMPLATE_PAGE_SIZE } }),
  });

export function useTemplates() {
  useReadAgainOnLiveChannelOpen(templateKeys.templates);
  return useQuery(getTemplatesQueryOptions());
}

export const makeTemplate = (userPhoneId: number, name: string) =>
  call(template.create, { body: { userPhoneId, name } });

export const deleteTemplate = (templateId: number) => call(template.delete, { query: { templateId } });

export const cloneTemplate = (templateId: number, userPhoneIds: number[], newMachine: boolean) =>
  call(clone.create, { body: { templateId, userPhoneIds, newMachine } });

/** The user's clone records, newest first; read again when the live channel opens. */
export const getCloneRecordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: templateKeys.clones,
    queryFn: ({ pageParam }) => call(clone.page, { query: { pageNo: pageParam, pageSize: CLONE_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNo) =>
      last.list.length === CLONE_PAGE_SIZE && pageNo * CLONE_PAGE_SIZE < last.total ? pageNo + 1 : undefined,
  });

export function useCloneRecords() {
  useReadAgainOnLiveChannelOpen(templateKeys.clones);
  return useInfiniteQuery(getCloneRecordsQueryOptions());
}

/** One clone as it goes (it is among the newest records while it runs). */
export function useCloneRecord(cloneId: number | null): CloneRecord | undefined {
  const records = useCloneRecords();
  return records.data?.pages.flatMap((p) => p.list).find((c) => c.cloneId === cloneId);
}

/** Each phone's Android version ("14"), which decides the templates it can take. */
export const usePhoneSystems = (userPhoneIds: readonly number[]) =>
  useQuery({
    queryKey: [...templateKeys.systems, userPhoneIds],
    queryFn: async () => {
      const systems = new Map<number, string>();
      for (let i = 0; i < userPhoneIds.length; i += EXTEND_BATCH) {
        const ids = userPhoneIds.slice(i, i + EXTEND_BATCH).join(',');
        for (const e of await call(userPhone.getExtendBatch, { query: { userPhoneIds: ids } }))
          systems.set(e.userPhoneId, e.system.replace(/^Android /, ''));
      }
      return systems;
    },
    enabled: userPhoneIds.length > 0,
  });

/** After a template or clone changes: the lists here, and the phones' states on the home list. */
export async function refreshTemplates(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: templateKeys.templates }),
    queryClient.invalidateQueries({ queryKey: templateKeys.clones }),
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
  ]);
}

export const useRefreshTemplates = () => {
  const queryClient = useQueryClient();
  return () => refreshTemplates(queryClient);
};

/** Keeps the template and clone lists moving with the live events while the page is open. */
export function useTemplateLiveUpdates(): void {
  const client = useQueryClient();
  useLiveEvents((event) => applyTemplateEvent(client, event));
}
