import { queryOptions, useQuery } from '@tanstack/react-query';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/** The server's largest page. */
const PAGE_SIZE = 100;

/**
 * Every phone the user owns (not those granted to them), for the pages that act on one as its owner:
 * grant it, replace it. Kept under the phone list key, so a change to phones refreshes it.
 */
export const getOwnPhonesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.phoneList, 'own'],
    queryFn: async () => {
      const phones: UserPhone[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const page = await call(userPhone.list, { query: { pageNo, pageSize: PAGE_SIZE } });
        phones.push(...page.list);
        if (page.list.length < PAGE_SIZE || phones.length >= page.total) break;
      }
      return phones.filter((p) => !p.beAuthorized);
    },
    // spec §9: the phone list is cached 300 s.
    staleTime: PHONE_LIST_CACHE_SECONDS * 1000,
  });

export const useOwnPhones = () => useQuery(getOwnPhonesQueryOptions());
