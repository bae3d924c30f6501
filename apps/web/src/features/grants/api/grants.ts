import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import type { CreateGrantBody, Grant, GrantSide } from '@cloudphone/contracts/grants';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

const PAGE_SIZE = 20;
const GRANT = '/api/device/grant';

export const createGrant = (body: CreateGrantBody) =>
  request<{ grantId: number; grantCode?: string }>(`${GRANT}/create`, { method: 'POST', body });

export const redeemGrantCode = (grantCode: string) =>
  request<{ grantId: number; userPhoneId: number }>(`${GRANT}/use-code`, { method: 'POST', body: { grantCode } });

export const revokeGrant = (grantId: number) => request<null>(`${GRANT}/revoke`, { method: 'PUT', body: { grantId } });

export const clearGrantCode = (grantId: number) =>
  request<{ grantId: number; grantCode: string }>(`${GRANT}/code/clear`, { method: 'PUT', body: { grantId } });

export const cancelGrantCode = (grantId: number) =>
  request<null>(`${GRANT}/code/cancel`, { method: 'PUT', body: { grantId } });

export const getGrantPagesQueryOptions = (side: GrantSide) =>
  infiniteQueryOptions({
    queryKey: ['grants', 'page', side],
    queryFn: ({ pageParam }) =>
      request<{ list: Grant[]; total: number }>(`${GRANT}/page`, {
        query: { side, pageNo: pageParam, pageSize: PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

export const useGrantPages = (side: GrantSide) => useInfiniteQuery(getGrantPagesQueryOptions(side));

export const getGrantQueryOptions = (grantId: number) =>
  queryOptions({
    queryKey: ['grants', 'one', grantId],
    // The page says why it failed: no notification on top, and a grant that ended stays ended.
    queryFn: () => request<Grant>(`${GRANT}/get`, { query: { grantId }, silent: true }),
    enabled: Number.isInteger(grantId) && grantId > 0,
    retry: false,
  });

export const useGrant = (grantId: number) => useQuery(getGrantQueryOptions(grantId));

/** After a grant changes: its lists, and the phone list's authorized / be-authorized marks. */
export async function refreshGrants(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['grants'] }),
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
  ]);
}
