import { queryOptions, useQuery } from '@tanstack/react-query';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

export interface PhoneGroup {
  groupId: number;
  groupName: string;
  count: number;
  isDefault: boolean;
}

/** The user's groups with their phone counts, the default group first. */
export const getPhoneGroupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.phoneGroups,
    queryFn: () => request<PhoneGroup[]>('/api/device/phone-group/simple-list'),
    staleTime: PHONE_LIST_CACHE_SECONDS * 1000,
  });

export const usePhoneGroups = () => useQuery(getPhoneGroupsQueryOptions());
