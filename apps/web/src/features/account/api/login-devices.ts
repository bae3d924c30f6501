import { queryOptions, useQuery } from '@tanstack/react-query';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../../../lib/api-client';

export const getLoginDevicesQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'login-devices'],
    queryFn: () => call(user.loginDeviceList),
  });

export const useLoginDevices = () => useQuery(getLoginDevicesQueryOptions());

export const signOutDevice = (sessionId: number) => call(user.loginDeviceSignOut, { body: { sessionId } });
