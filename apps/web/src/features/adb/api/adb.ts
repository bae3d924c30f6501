import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdbAccess } from '@cloudphone/contracts/adb-access';
import * as adb from '@cloudphone/contracts/endpoints/device/adb';
import * as adbKey from '@cloudphone/contracts/endpoints/merchant/user-adb-key';
import { call } from '../../../lib/api-client';

/** A phone's ADB access (issue 35): off, or where `adb connect` reaches it. */
export const getAdbAccessQueryOptions = (userPhoneId: number) =>
  queryOptions({
    queryKey: ['adb', 'access', userPhoneId],
    queryFn: () => call(adb.get, { query: { userPhoneId } }),
  });

export const useAdbAccess = (userPhoneId: number) => useQuery(getAdbAccessQueryOptions(userPhoneId));

/** Switches ADB on or off for the phone; the reply is its new access. */
export function useSwitchAdb(userPhoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call(on ? adb.enable : adb.disable, { body: { userPhoneId } }),
    onSuccess: (access: AdbAccess) => queryClient.setQueryData(getAdbAccessQueryOptions(userPhoneId).queryKey, access),
  });
}

export const adbKeysQueryOptions = queryOptions({
  queryKey: ['adb', 'keys'],
  queryFn: () => call(adbKey.list),
});

export const useAdbKeys = () => useQuery(adbKeysQueryOptions);

/** Adds a key; a refusal (not a key, already added, too many) is told, and the form keeps what was typed. */
export function useAddAdbKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; publicKey: string }) => call(adbKey.add, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adbKeysQueryOptions.queryKey }),
  });
}

export function useDeleteAdbKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => call(adbKey.delete, { query: { keyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adbKeysQueryOptions.queryKey }),
  });
}
