import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { session } from '../../../stores/session';

/** The signed-in user's info; each load also keeps it in storage for the next visit (spec §3). */
export const getUserInfoQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'info'], queryFn: () => session.loadUserInfo() });

export const useUserInfo = () => useQuery(getUserInfoQueryOptions());

export const updateUser = (body: { nickname?: string; avatar?: string }) =>
  request<null>('/api/merchant/user/update', { method: 'PUT', body });
