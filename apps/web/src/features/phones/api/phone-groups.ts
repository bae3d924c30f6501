import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as phoneGroup from '@cloudphone/contracts/endpoints/device/phone-group';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { PHONE_LIST_CACHE_SECONDS } from '@cloudphone/contracts/limits';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type { PhoneGroup } from '@cloudphone/contracts/phones';

/** The user's groups with their phone counts, the default group first. */
export const getPhoneGroupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.phoneGroups,
    queryFn: () => call(phoneGroup.simpleList),
    staleTime: PHONE_LIST_CACHE_SECONDS * 1000,
  });

export const usePhoneGroups = () => useQuery(getPhoneGroupsQueryOptions());

export const createGroup = (groupName: string) => call(phoneGroup.create, { body: { groupName } });

export const renameGroup = (groupId: number, groupName: string) =>
  call(phoneGroup.update, { body: { groupId, groupName } });

/** The group's phones go back to the default group (server rule). */
export const deleteGroup = (groupId: number) => call(phoneGroup.delete, { query: { groupId } });

/** The server's most phones per call (setGroupBody). */
const SET_GROUP_BATCH = 100;

/** Moves phones to a group (0 is the default group), a hundred per call. */
export async function movePhonesToGroup(userPhoneIds: readonly number[], groupId: number): Promise<void> {
  for (let i = 0; i < userPhoneIds.length; i += SET_GROUP_BATCH) {
    await call(userPhone.setGroup, { body: { userPhoneIds: userPhoneIds.slice(i, i + SET_GROUP_BATCH), groupId } });
  }
}

/** After any change to phones or groups, the home list and the group counts are asked again. */
export function useRefreshPhones(): () => Promise<void> {
  const queryClient = useQueryClient();
  // The group counts live under the list's key: one invalidation asks for both.
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }), [queryClient]);
}
