import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../../../lib/api-client';
import { notify } from '../../../stores/notifications';

const DATA_SAVER = ['user', 'data-saver'] as const;

/** The account's data saver (issue 58): the most "auto" streams a phone at, or the tenant's default. */
export const getDataSaverQueryOptions = () =>
  queryOptions({ queryKey: DATA_SAVER, queryFn: () => call(user.getDataSaver) });

export const useDataSaver = (enabled = true) => useQuery({ ...getDataSaverQueryOptions(), enabled });

/** Keeps a data saver (null: none); phones opened from now on stream under it. */
export function useSetDataSaver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (maxKbps: number | null) => call(user.setDataSaver, { body: { maxKbps } }),
    onSuccess: (saved) => queryClient.setQueryData(DATA_SAVER, saved),
    onError: (error) => notify(error.message),
  });
}
