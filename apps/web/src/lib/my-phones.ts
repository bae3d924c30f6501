import { useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { call } from './api-client';
import { useLiveEvents } from './live-events';
import { queryKeys } from './query-keys';

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

const owned = (phones: UserPhone[]) => phones.filter((p) => !p.beAuthorized);

/** The phones the user owns, not those granted to them: what they may grant or replace. */
export const useOwnPhones = () => useQuery({ ...getMyPhonesQueryOptions(), select: owned });

/** Lists are read again at most this often while a phone's task reports its progress. */
const LIVE_REFRESH_MS = 1_000;

/**
 * The user's phone lists follow what happens to their phones (issue 21), heard on the live channel
 * rather than polled: a host task moving on (a restart, a reset, a clone…), a transfer, a grant, a
 * replacement. Mounted once by the shell while the user is signed in.
 */
export function useLivePhoneLists(): void {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveEvents((event) => {
    if (event.type !== 'phone.task' && event.type !== 'transfer' && event.type !== 'phones') return;
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: queryKeys.phoneList });
    }, LIVE_REFRESH_MS / 4);
  });
}
