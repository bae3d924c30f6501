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
import type { CloneRecord, Template } from '@cloudphone/contracts/templates';
import { call } from '../../../lib/api-client';
import { useLiveEvents } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';
import { templateKeys } from './keys';
import { applyTemplateEvent } from './live-updates';

/**
 * Progress arrives on the live channel (useTemplateLiveUpdates); while something is under way the
 * lists are also asked for this often, in case the channel is down.
 */
const PROGRESS_POLL_MS = 5_000;
/** Enough for every template an account may hold (`template.user.max`) and those gone lately. */
const TEMPLATE_PAGE_SIZE = 100;
const CLONE_PAGE_SIZE = 20;
/** The most phones one extend-batch call takes (extendBatchQuery). */
const EXTEND_BATCH = 100;

const templateBusy = (t: Template) => t.state === 'creating' || t.state === 'deleting';

/** The user's templates, newest first; asked again now and then while one is being made or deleted. */
export const getTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: templateKeys.templates,
    queryFn: () => call(template.page, { query: { pageNo: 1, pageSize: TEMPLATE_PAGE_SIZE } }),
    refetchInterval: (query) => (query.state.data?.list.some(templateBusy) ? PROGRESS_POLL_MS : false),
  });

export const useTemplates = () => useQuery(getTemplatesQueryOptions());

export const makeTemplate = (userPhoneId: number, name: string) =>
  call(template.create, { body: { userPhoneId, name } });

export const deleteTemplate = (templateId: number) => call(template.delete, { query: { templateId } });

export const cloneTemplate = (templateId: number, userPhoneIds: number[], newMachine: boolean) =>
  call(clone.create, { body: { templateId, userPhoneIds, newMachine } });

/** The user's clone records, newest first; asked again now and then while a clone is under way. */
export const getCloneRecordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: templateKeys.clones,
    queryFn: ({ pageParam }) => call(clone.page, { query: { pageNo: pageParam, pageSize: CLONE_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNo) =>
      last.list.length === CLONE_PAGE_SIZE && pageNo * CLONE_PAGE_SIZE < last.total ? pageNo + 1 : undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((c) => c.state === 'cloning')) ? PROGRESS_POLL_MS : false,
  });

export const useCloneRecords = () => useInfiniteQuery(getCloneRecordsQueryOptions());

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
