import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { PhoneResolution } from '@cloudphone/contracts/phones';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { showOperationFailure } from './operation-failure';

// Silent: each failure is shown by showOperationFailure, which names the operation.
export const rebootPhone = (userPhoneId: number) => call(userPhone.reboot, { query: { userPhoneId }, silent: true });

export const resetPhone = (userPhoneId: number) => call(userPhone.reset, { query: { userPhoneId }, silent: true });

/** The screen now, as a PNG data URL to show and download. */
export const takeScreenshot = (userPhoneId: number) =>
  call(userPhone.screenshot, { query: { userPhoneId }, silent: true });

export const setPhoneResolution = ({ userPhoneId, ...resolution }: PhoneResolution & { userPhoneId: number }) =>
  call(userPhone.setResolution, { body: { userPhoneId, ...resolution }, silent: true });

export const setPhoneRoot = (body: { userPhoneId: number; root: boolean }) =>
  call(userPhone.setRoot, { body, silent: true });

export const renamePhone = (body: { userPhoneId: number; name: string }) =>
  call(userPhone.rename, { body, silent: true });

/**
 * An operation on a phone: on failure the spec §8 message is shown; on success, unless it only reads
 * the phone, every cached phone list is refreshed (lists show names, status, root and resolution).
 */
export function usePhoneOperation<Args, Result>(
  operate: (args: Args) => Promise<Result>,
  failure: ErrorKey,
  { changesPhone = true } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: operate,
    onSuccess: () => (changesPhone ? queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }) : undefined),
    onError: (error) => showOperationFailure(error, failure),
  });
}
