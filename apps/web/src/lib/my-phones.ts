import { queryOptions, useQuery } from '@tanstack/react-query';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { call } from './api-client';
import { queryKeys } from './query-keys';
import { holdsFor } from './phone-rules';

/** The server's largest page. */
const PAGE_SIZE = 100;

/**
 * Every phone of the user in one answer, for the pages that choose among them at once: renew,
 * upgrade, renew by code, grant, replace. Kept under the phone list key, so a change to phones
 * refreshes it. Pages that show phones as they arrive page through them instead (`phone-pages`).
 */
export const getMyPhonesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.phoneList, 'all'],
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

const owned = (phones: UserPhone[]) => phones.filter((p) => holdsFor(p, 'grant'));

/** The phones the user owns, not those granted to them: what they may grant or replace. */
export const useOwnPhones = () => useQuery({ ...getMyPhonesQueryOptions(), select: owned });
