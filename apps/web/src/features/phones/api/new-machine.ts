import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import * as phoneMockModel from '@cloudphone/contracts/endpoints/device/phone-mock-model';
import * as newMachine from '@cloudphone/contracts/endpoints/device/user-phone-new-machine';
import type { NewMachineRequest } from '@cloudphone/contracts/new-machine';
import { call } from '../../../lib/api-client';
import { useLiveEvents } from '../../../lib/live-events';
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
  });

/** The records, following each phone's new-machine task as its host tells it ends (issue 21). */
export function useNewMachinePages() {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'phone.task' && event.kind === 'new-machine' && event.state !== 'running')
      void queryClient.invalidateQueries({ queryKey: NEW_MACHINES });
  });
  return useInfiniteQuery(getNewMachinePagesQueryOptions());
}

/** After starting: the phones show as busy, and the records have new ones. */
export async function refreshAfterNewMachine(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
    queryClient.invalidateQueries({ queryKey: NEW_MACHINES }),
  ]);
}
