import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import * as grant from '@cloudphone/contracts/endpoints/device/grant';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { CreateGrantBody, GrantSide } from '@cloudphone/contracts/grants';
import { call } from '../../../lib/api-client';
import { tracked } from '../../../lib/tracking';
import { useLiveEvents } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';
import { RequestError } from '../../../lib/request';

const PAGE_SIZE = 20;

export const createGrant = (body: CreateGrantBody) =>
  call(grant.create, { body }).then(tracked('grant', () => ({ permission: body.permission })));

export const redeemGrantCode = (grantCode: string) => call(grant.useCode, { body: { grantCode } });

export const revokeGrant = (grantId: number) => call(grant.revoke, { body: { grantId } });

export const clearGrantCode = (grantId: number) => call(grant.codeClear, { body: { grantId } });

export const cancelGrantCode = (grantId: number) => call(grant.codeCancel, { body: { grantId } });

export const getGrantPagesQueryOptions = (side: GrantSide) =>
  infiniteQueryOptions({
    queryKey: ['grants', 'page', side],
    queryFn: ({ pageParam }) => call(grant.page, { query: { side, pageNo: pageParam, pageSize: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

/** The grants, following each one made, redeemed or ended as the server tells it (issue 21). */
export function useGrantPages(side: GrantSide) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'phones' && event.change === 'grant')
      void queryClient.invalidateQueries({ queryKey: ['grants'] });
  });
  return useInfiniteQuery(getGrantPagesQueryOptions(side));
}

export const getGrantQueryOptions = (grantId: number) =>
  queryOptions({
    queryKey: ['grants', 'one', grantId],
    // The page says why it failed: no notification on top, and a grant that ended stays ended.
    queryFn: () => call(grant.get, { query: { grantId }, silent: true }),
    enabled: Number.isInteger(grantId) && grantId > 0,
    retry: false,
  });

export const useGrant = (grantId: number) => useQuery(getGrantQueryOptions(grantId));

/** The grant has ended or was never the user's: said as such, not as a failure. */
export const isGrantGone = (error: Error | null) =>
  error instanceof RequestError && error.code === ERRORS.grantNotFound.code;

/** After a grant changes: its lists, and the phone list's authorized / be-authorized marks. */
export async function refreshGrants(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['grants'] }),
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
  ]);
}
