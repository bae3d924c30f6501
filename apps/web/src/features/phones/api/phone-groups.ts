import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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

export const createGroup = (groupName: string) =>
  request<{ groupId: number }>('/api/device/phone-group/create', { method: 'POST', body: { groupName } });

export const renameGroup = (groupId: number, groupName: string) =>
  request<null>('/api/device/phone-group/update', { method: 'PUT', body: { groupId, groupName } });

/** The group's phones go back to the default group (server rule). */
export const deleteGroup = (groupId: number) =>
  request<null>('/api/device/phone-group/delete', { method: 'DELETE', query: { groupId } });

/** The server's most phones per call (setGroupBody). */
const SET_GROUP_BATCH = 100;

/** Moves phones to a group (0 is the default group), a hundred per call. */
export async function movePhonesToGroup(userPhoneIds: readonly number[], groupId: number): Promise<void> {
  for (let i = 0; i < userPhoneIds.length; i += SET_GROUP_BATCH) {
    await request<null>('/api/device/user/phone/set-group', {
      method: 'PUT',
      body: { userPhoneIds: userPhoneIds.slice(i, i + SET_GROUP_BATCH), groupId },
    });
  }
}

/** After any change to phones or groups, the home list and the group counts are asked again. */
export function useRefreshPhones(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
      queryClient.invalidateQueries({ queryKey: queryKeys.phoneGroups }),
    ]);
  }, [queryClient]);
}
