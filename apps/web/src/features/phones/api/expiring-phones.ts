import { queryOptions, useQuery } from '@tanstack/react-query';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import { PhoneSort } from '@cloudphone/contracts/phones';
import { queryKeys } from '../../../lib/query-keys';
import { listPhones, MAX_PAGE_SIZE } from '../../../lib/phone-pages';

/**
 * The phones closest to their expiry, for the reminder: the first page in expiry order holds every
 * phone due within a day unless a hundred have lapsed before them.
 */
export const getExpiringPhonesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.phoneList, 'expiring'],
    queryFn: () => listPhones({ groupId: null, keyword: '', sort: PhoneSort.timeAsc }, 1, MAX_PAGE_SIZE),
    staleTime: PHONE_LIST_CACHE_SECONDS * 1000,
  });

/** Asked only on a day the reminder has not been shown yet. */
export const useExpiringPhones = (enabled: boolean) => useQuery({ ...getExpiringPhonesQueryOptions(), enabled });
