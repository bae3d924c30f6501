import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginDevice } from '@cloudphone/contracts/auth';
import { request } from '../../../lib/request';

export const getLoginDevicesQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'login-devices'],
    queryFn: () => request<LoginDevice[]>('/api/merchant/user/login-device/list'),
  });

export const useLoginDevices = () => useQuery(getLoginDevicesQueryOptions());

export const signOutDevice = (sessionId: number) =>
  request<null>('/api/merchant/user/login-device/sign-out', { method: 'PUT', body: { sessionId } });
