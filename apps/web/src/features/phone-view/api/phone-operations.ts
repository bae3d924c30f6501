import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { PhoneResolution } from '@cloudphone/contracts/phones';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { showOperationFailure } from './operation-failure';

type Task = { taskId: string };
const PHONE = '/api/device/user/phone';

// Silent: each failure is shown by showOperationFailure, which names the operation.
export const rebootPhone = (userPhoneId: number) =>
  request<Task>(`${PHONE}/reboot`, { method: 'PUT', query: { userPhoneId }, silent: true });

export const resetPhone = (userPhoneId: number) =>
  request<Task>(`${PHONE}/reset`, { method: 'PUT', query: { userPhoneId }, silent: true });

/** The screen now, as a PNG data URL to show and download. */
export const takeScreenshot = (userPhoneId: number) =>
  request<Task & { imageUrl: string }>(`${PHONE}/screenshot`, { method: 'PUT', query: { userPhoneId }, silent: true });

export const setPhoneResolution = ({ userPhoneId, ...resolution }: PhoneResolution & { userPhoneId: number }) =>
  request<Task>(`${PHONE}/set-resolution`, { method: 'PUT', body: { userPhoneId, ...resolution }, silent: true });

export const setPhoneRoot = (body: { userPhoneId: number; root: boolean }) =>
  request<Task>(`${PHONE}/set-root`, { method: 'PUT', body, silent: true });

export const renamePhone = (body: { userPhoneId: number; name: string }) =>
  request<null>(`${PHONE}/rename`, { method: 'PUT', body, silent: true });

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
