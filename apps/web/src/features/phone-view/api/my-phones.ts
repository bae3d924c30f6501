import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const listPage = (pageNo: number, pageSize: number) => call(userPhone.list, { query: { pageNo, pageSize } });

const SWITCH_PAGE_SIZE = 20;
// spec §9: the phone list is cached 300 s (and refreshed after any change, under queryKeys.phoneList).
const staleTime = PHONE_LIST_CACHE_SECONDS * 1000;

/** The phone being viewed, as the list shows it (name, root, resolution, expiry); null when it is not the user's. */
export const getPhoneQueryOptions = (userPhoneId: number) =>
  queryOptions({
    queryKey: [...queryKeys.phoneList, 'one', userPhoneId],
    queryFn: async () => {
      const page = await call(userPhone.list, { query: { userPhoneIds: String(userPhoneId), pageSize: 1 } });
      return page.list[0] ?? null;
    },
    staleTime,
  });

export const usePhone = (userPhoneId: number) => useQuery(getPhoneQueryOptions(userPhoneId));

/** Every phone of the user, page by page, to switch to. */
export const getSwitchListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.phoneList, 'switch'],
    queryFn: ({ pageParam }) => listPage(pageParam, SWITCH_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * SWITCH_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    staleTime,
  });

export const useSwitchList = () => useInfiniteQuery(getSwitchListQueryOptions());
