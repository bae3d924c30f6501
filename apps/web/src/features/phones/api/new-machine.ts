import { infiniteQueryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import * as phoneMockModel from '@cloudphone/contracts/endpoints/device/phone-mock-model';
import * as newMachine from '@cloudphone/contracts/endpoints/device/user-phone-new-machine';
import type { NewMachineRequest } from '@cloudphone/contracts/new-machine';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const NEW_MACHINES = ['phones', 'new-machines'] as const;
export const NEW_MACHINE_PAGE_SIZE = 20;

export const startNewMachine = (body: NewMachineRequest) => call(newMachine.newMachine, { body });

/** The manufacturers of the host's catalogue: the brands a new machine can be drawn from. */
export const useBrands = () =>
  useQuery({
    queryKey: ['phone-mock-model', 'manufacturers'],
    queryFn: () => call(phoneMockModel.listManufacturer),
    staleTime: Infinity,
  });

export const getNewMachinePagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: NEW_MACHINES,
    queryFn: ({ pageParam }) =>
      call(newMachine.page, { query: { pageNo: pageParam, pageSize: NEW_MACHINE_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * NEW_MACHINE_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    // A phone being made new is asked for again until its host is done.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((r) => r.status === 'running')) ? 2_000 : false,
  });

export const useNewMachinePages = () => useInfiniteQuery(getNewMachinePagesQueryOptions());

/** After starting: the phones show as busy, and the records have new ones. */
export async function refreshAfterNewMachine(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
    queryClient.invalidateQueries({ queryKey: NEW_MACHINES }),
  ]);
}
