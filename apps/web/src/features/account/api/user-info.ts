import { queryOptions, useQuery } from '@tanstack/react-query';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../../../lib/api-client';
import { session } from '../../../stores/session';

/** The signed-in user's info; each load also keeps it in storage for the next visit (spec §3). */
export const getUserInfoQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'info'], queryFn: () => session.loadUserInfo() });

export const useUserInfo = () => useQuery(getUserInfoQueryOptions());

export const updateUser = (body: { nickname?: string; avatar?: string }) => call(user.update, { body });
