import { useCallback, useEffect, useMemo } from 'react';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { call } from './api-client';
import { queryKeys } from './query-keys';

export interface PhoneListFilter {
  /** null is every group; 0 the default group. */
  groupId: number | null;
  keyword: string;
  /** PhoneSort: 0 default, 1 expiry ascending, 2 expiry descending. */
  sort: number;
}

export interface PhonePage {
  list: UserPhone[];
  total: number;
}

/** Phones asked for at a time as the home list scrolls. */
export const HOME_PAGE_SIZE = 20;
/** The server's largest page: pages that pick phones ask for this many at a time. */
export const MAX_PAGE_SIZE = 100;

export const listPhones = (filter: PhoneListFilter, pageNo: number, pageSize: number) =>
  call(userPhone.list, {
    query: {
      pageNo,
      pageSize,
      groupId: filter.groupId,
      keyword: filter.keyword || undefined,
      sort: filter.sort,
    },
  });

export const getPhonePagesQueryOptions = (filter: PhoneListFilter, pageSize = HOME_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.phoneList, 'pages', filter, pageSize],
    queryFn: ({ pageParam }) => listPhones(filter, pageParam, pageSize),
    initialPageParam: 1,
    // A short page is the last, whatever the total says (phones may have gone meanwhile).
    getNextPageParam: (last, _pages, pageNo) =>
      last.list.length === pageSize && pageNo * pageSize < last.total ? pageNo + 1 : undefined,
    // spec §9: the phone list is cached 300 s.
    staleTime: PHONE_LIST_CACHE_SECONDS * 1000,
    placeholderData: keepPreviousData,
  });

/**
 * The user's phones a page at a time: those loaded so far (each once, even if the list shifted
 * between pages), the total, and ways to load the next page or every remaining one.
 */
export function usePhonePages(filter: PhoneListFilter, pageSize = HOME_PAGE_SIZE) {
  const query = useInfiniteQuery(getPhonePagesQueryOptions(filter, pageSize));
  const { data, hasNextPage, fetchNextPage } = query;

  const phones = useMemo(() => {
    const seen = new Set<number>();
    return (data?.pages ?? [])
      .flatMap((page) => page.list)
      .filter((phone) => !seen.has(phone.userPhoneId) && Boolean(seen.add(phone.userPhoneId)));
  }, [data]);

  const loadMore = useCallback(async () => {
    await fetchNextPage({ throwOnError: true });
  }, [fetchNextPage]);

  /** Every phone of the filter, for "select all": the pages not loaded yet are fetched first. */
  const loadAll = useCallback(async (): Promise<UserPhone[]> => {
    let result: { data?: InfiniteData<PhonePage>; hasNextPage: boolean } = { data, hasNextPage };
    while (result.hasNextPage) result = await fetchNextPage({ throwOnError: true });
    return (result.data?.pages ?? []).flatMap((page) => page.list);
  }, [data, hasNextPage, fetchNextPage]);

  return { ...query, phones, total: data?.pages.at(-1)?.total ?? 0, loadMore, loadAll };
}

const EVERY_PHONE: PhoneListFilter = { groupId: null, keyword: '', sort: 0 };

/**
 * Every phone of the user, for pages that pick phones across groups: the pages are fetched one after
 * another until the list is complete (a hundred per call), then filtered on the page.
 */
export function useAllPhones() {
  const pages = usePhonePages(EVERY_PHONE, MAX_PAGE_SIZE);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return { ...pages, complete: pages.isSuccess && !hasNextPage };
}
