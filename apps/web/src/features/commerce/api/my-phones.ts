import { queryOptions, useQuery } from '@tanstack/react-query';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The server's largest page. */
const PAGE_SIZE = 100;

/** Every phone of the user, to renew, upgrade or renew by code (under the phone list key, so changes refresh it). */
export const getMyPhonesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.phoneList, 'commerce'],
    queryFn: async () => {
      const phones: UserPhone[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const page = await call(userPhone.list, { query: { pageNo, pageSize: PAGE_SIZE } });
        phones.push(...page.list);
        if (page.list.length < PAGE_SIZE || phones.length >= page.total) return phones;
      }
    },
    // spec §9: the phone list is cached 300 s.
    staleTime: PHONE_LIST_CACHE_SECONDS * 1000,
  });

export const useMyPhones = () => useQuery(getMyPhonesQueryOptions());
