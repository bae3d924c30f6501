import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

export interface PhoneListFilter {
  /** null is every group; 0 the default group. */
  groupId: number | null;
  keyword: string;
  /** PhoneSort: 0 default, 1 expiry ascending, 2 expiry descending. */
  sort: number;
}

/** The home screen shows at most this many phones (the server's page limit). */
const PAGE_SIZE = 100;

export const getPhoneListQueryOptions = (filter: PhoneListFilter) =>
  queryOptions({
    queryKey: [...queryKeys.phoneList, filter],
    queryFn: () =>
      request<{ list: UserPhone[]; total: number }>('/api/device/user/phone/list', {
        query: {
          pageNo: 1,
          pageSize: PAGE_SIZE,
          groupId: filter.groupId,
          keyword: filter.keyword || undefined,
          sort: filter.sort,
        },
      }),
    // spec §9: the phone list is cached 300 s.
    staleTime: PHONE_LIST_CACHE_SECONDS * 1000,
    placeholderData: keepPreviousData,
  });

export const usePhoneList = (filter: PhoneListFilter) => useQuery(getPhoneListQueryOptions(filter));
