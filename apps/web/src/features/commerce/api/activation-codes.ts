import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import * as activationCode from '@cloudphone/contracts/endpoints/promotion/activation-code';
import { call } from '../../../lib/api-client';

const RECORD_PAGE_SIZE = 20;
const RECORDS = ['commerce', 'code-records'] as const;

/** Activates codes to buy phones, or to renew the chosen phones; each code answers its own state. */
export const activateCodes = (codes: string[], usage: 'buy' | 'renew', userPhoneIds: number[]) =>
  call(activationCode.activate, { body: { codes, usage, userPhoneIds } });

const recordPage = (pageNo: number, pageSize: number) => call(activationCode.record, { query: { pageNo, pageSize } });

export const getCodeRecordPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...RECORDS],
    queryFn: ({ pageParam }) => recordPage(pageParam, RECORD_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * RECORD_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

export const useCodeRecordPages = () => useInfiniteQuery(getCodeRecordPagesQueryOptions());

/** One page of the codes used, newest first, for a table that turns its pages. */
export const getCodeRecordPageQueryOptions = (pageNo: number, pageSize = RECORD_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...RECORDS, 'page', pageNo, pageSize],
    queryFn: () => recordPage(pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export const useCodeRecordPage = (pageNo: number, pageSize?: number) =>
  useQuery(getCodeRecordPageQueryOptions(pageNo, pageSize));
