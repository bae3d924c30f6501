import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as activationCode from '@cloudphone/contracts/endpoints/promotion/activation-code';
import { call } from '../../../lib/api-client';

const RECORD_PAGE_SIZE = 20;

/** Activates codes to buy phones, or to renew the chosen phones; each code answers its own state. */
export const activateCodes = (codes: string[], usage: 'buy' | 'renew', userPhoneIds: number[]) =>
  call(activationCode.activate, { body: { codes, usage, userPhoneIds } });

export const getCodeRecordPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['commerce', 'code-records'],
    queryFn: ({ pageParam }) =>
      call(activationCode.record, { query: { pageNo: pageParam, pageSize: RECORD_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * RECORD_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

export const useCodeRecordPages = () => useInfiniteQuery(getCodeRecordPagesQueryOptions());
