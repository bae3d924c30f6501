import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { LimitConfigKey } from '@cloudphone/contracts/config-keys';
import * as merchantConfig from '@cloudphone/contracts/endpoints/merchant/config';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import * as transfer from '@cloudphone/contracts/endpoints/device/user-phone-transfer';
import type { GiveRequest, TransferSide } from '@cloudphone/contracts/transfers';
import { call } from '../../../lib/api-client';
import { tracked } from '../../../lib/tracking';
import { useLiveEvents } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';

const TRANSFERS = ['phones', 'transfers'] as const;
export const TRANSFER_PAGE_SIZE = 20;

/** The tenant's transfer limits (spec §9), to tell the user before they try. */
export const TRANSFER_LIMIT_KEYS = [
  'give.batch.count',
  'give.user.day.count',
  'give.phone.day.count',
  'give.frequency.hours',
  'give.expire.min.hours',
] as const satisfies readonly LimitConfigKey[];
export type TransferLimits = Record<(typeof TRANSFER_LIMIT_KEYS)[number], number>;

export const useTransferLimits = () =>
  useQuery(
    queryOptions({
      queryKey: ['config', 'keys', ...TRANSFER_LIMIT_KEYS],
      queryFn: async () =>
        (await call(merchantConfig.getKeys, { query: { keys: TRANSFER_LIMIT_KEYS.join(',') } })) as TransferLimits,
      staleTime: 5 * 60_000,
    }),
  );

/** Whether each phone may go to the account; the page shows the reasons itself. */
export const checkTransfer = (body: GiveRequest) => call(userPhone.giveCheck, { body });

export const transferPhones = (body: GiveRequest) =>
  call(userPhone.give, { body }).then(tracked('transfer', () => ({ phones: body.userPhoneIds.length })));

export const getTransferPagesQueryOptions = (side: TransferSide) =>
  infiniteQueryOptions({
    queryKey: [...TRANSFERS, side],
    queryFn: ({ pageParam }) =>
      call(transfer.page, { query: { side, pageNo: pageParam, pageSize: TRANSFER_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * TRANSFER_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

/** The records, following each transfer as the server tells it moves on (issue 21: heard, not polled). */
export function useTransferPages(side: TransferSide) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'transfer') void queryClient.invalidateQueries({ queryKey: TRANSFERS });
  });
  return useInfiniteQuery(getTransferPagesQueryOptions(side));
}

/** After a transfer: the phones have left the list, and the records have a new one. */
export async function refreshAfterTransfer(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
    queryClient.invalidateQueries({ queryKey: TRANSFERS }),
  ]);
}
